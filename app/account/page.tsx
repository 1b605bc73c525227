import type { Metadata } from "next";
import { Alert } from "@/components/alert";
import { PageHeader } from "@/components/page-header";
import { card } from "@/components/styles";
import { requireDeveloper } from "@/lib/portal/session";
import { ChangePasswordForm } from "./change-password-form";

export const metadata: Metadata = { title: "Account" };
export const dynamic = "force-dynamic";

export default async function AccountPage({ searchParams }: { searchParams: Promise<{ changed?: string }> }) {
  const developer = await requireDeveloper("/account");
  const changed = (await searchParams).changed === "1";
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <PageHeader title="Account" description="Your developer account for this portal." />
      {changed && (
        <Alert tone="success" title="Your password was changed">
          Other browsers signed in to your account were signed out. Use the new password from now on.
        </Alert>
      )}
      <dl className={`${card} grid gap-4 p-5 text-sm sm:grid-cols-2`}>
        <div>
          <dt className="text-slate-500">Name</dt>
          <dd className="mt-1 break-words">{developer.name}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Email</dt>
          <dd className="mt-1 break-all">{developer.email}</dd>
        </div>
      </dl>
      <ChangePasswordForm />
    </div>
  );
}
