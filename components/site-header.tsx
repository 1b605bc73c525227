import Link from "next/link";
import { auth } from "@/lib/portal/auth";
import { HeaderNav } from "./header-nav";

/** Reads the session cookie only (JWT): renders without a database. */
export async function SiteHeader({ signOutAction }: { signOutAction: () => Promise<void> }) {
  // A broken or expired session cookie gives no session (Auth.js logs it), not an error.
  const email = (await auth())?.developer?.email ?? null;
  return (
    <header className="border-b border-slate-200 bg-surface">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-3 px-6 py-4">
        <Link href={email ? "/overview" : "/"} className="flex shrink-0 items-center gap-2 text-lg font-semibold tracking-tight">
          <span aria-hidden className="inline-block h-6 w-6 rounded-md bg-brand-500" />
          Switchboard
        </Link>
        <HeaderNav email={email} signOutAction={signOutAction} />
      </div>
    </header>
  );
}
