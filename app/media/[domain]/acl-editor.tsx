"use client";

import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { SubmitButton } from "@/components/submit-button";
import { buttonSecondary, buttonSmall } from "@/components/styles";
import type { AclEntry } from "@/lib/media/schemas";
import type { FormState } from "@/lib/portal/form-state";

export interface Principal {
  id: string;
  label: string;
}

/**
 * Read and write checkboxes per user and per application of the domain. Saving replaces the ACL;
 * nothing checked removes it (only the creator has access again).
 */
export function AclEditor({
  acl,
  users,
  apps,
  action,
  title,
}: {
  acl: AclEntry;
  users: Principal[];
  apps: Principal[];
  action: (prev: FormState, formData: FormData) => Promise<FormState>;
  title: string;
}) {
  const [state, formAction] = useActionState(action, {} as FormState);
  const hasAcl = acl.readUsers.length + acl.writeUsers.length + acl.readApps.length + acl.writeApps.length > 0;
  const rows = (kind: "Users" | "Apps", principals: Principal[]) =>
    principals.map((p) => (
      <tr key={`${kind}-${p.id}`} className="border-t border-slate-100">
        <td className="py-1.5 pr-3 break-all">{p.label}</td>
        {(["read", "write"] as const).map((level) => (
          <td key={level} className="py-1.5 text-center">
            <input
              type="checkbox"
              name={`${level}${kind}`}
              value={p.id}
              defaultChecked={acl[`${level}${kind}`].includes(p.id)}
              aria-label={`${level === "read" ? "Read" : "Write"}: ${p.label}`}
              className="h-4 w-4"
            />
          </td>
        ))}
      </tr>
    ));
  return (
    // Keyed by the saved ACL: after a save the checkboxes start from what was stored, not from a form reset.
    <form key={JSON.stringify(acl)} action={formAction} className="space-y-3" aria-label={title}>
      {state.error && <Alert title="Access was not saved">{state.error}</Alert>}
      <p className="text-sm text-slate-600">
        {hasAcl
          ? "Only who is checked has access (write includes read)."
          : "No ACL: only the creator has access. Check users or applications to share it."}{" "}
        An application checked without any user: every user of that application.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1 font-medium">User or application</th>
              <th className="w-16 py-1 text-center font-medium">Read</th>
              <th className="w-16 py-1 text-center font-medium">Write</th>
            </tr>
          </thead>
          <tbody>
            {rows("Users", users)}
            {rows("Apps", apps)}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton className={`${buttonSecondary} ${buttonSmall}`} pendingText="Saving…">
          Save access
        </SubmitButton>
        {state.notice && (
          <p role="status" className="text-sm text-green-700">
            {state.notice}
          </p>
        )}
      </div>
    </form>
  );
}
