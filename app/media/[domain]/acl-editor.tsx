import { SubmitButton } from "@/components/submit-button";
import { buttonSecondary, buttonSmall } from "@/components/styles";
import type { AclEntry } from "@/lib/media/schemas";

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
  action: (formData: FormData) => Promise<void>;
  title: string;
}) {
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
    <form action={action} className="space-y-3" aria-label={title}>
      <p className="text-sm text-slate-600">
        {hasAcl ? "Only who is checked has access (write includes read)." : "No ACL: only the creator has access. Check users or applications to share it."}{" "}
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
      <SubmitButton className={`${buttonSecondary} ${buttonSmall}`} pendingText="Saving…">
        Save access
      </SubmitButton>
    </form>
  );
}
