"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { ThemeSwitch } from "./theme-switch";

const portalLinks = [
  { href: "/overview", label: "Overview" },
  { href: "/apps", label: "Applications" },
  { href: "/domains", label: "Domains" },
  { href: "/billing", label: "Billing" },
  { href: "/media", label: "Media" },
  { href: "/numbers", label: "Numbers" },
  { href: "/mailbox", label: "Mailbox" },
  { href: "/docs/api", label: "API reference" },
  { href: "/docs/getting-started", label: "Getting started" },
];

/** The header's right side: portal navigation when signed in, a sign-in link otherwise. */
export function HeaderNav({ email, signOutAction }: { email: string | null; signOutAction: () => Promise<void> }) {
  const pathname = usePathname() ?? "/";
  // The end-user authorization page belongs to the user, not to a developer: no portal links there.
  if (pathname.startsWith("/oauth/")) return null;
  const isActive = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
  const linkClass = (href: string) => (isActive(href) ? "font-medium text-slate-900" : "text-slate-600 hover:text-slate-900");

  if (!email) {
    return (
      <div className="flex items-center gap-x-6 gap-y-2 text-sm">
        <ThemeSwitch />
        <Link href="/docs/api" className={linkClass("/docs/api")}>
          API reference
        </Link>
        {pathname !== "/signin" && (
          <Link
            href="/signin"
            className="rounded-md bg-brand-500 px-3 py-1.5 font-medium text-white hover:bg-brand-600 dark:hover:bg-brand-500 dark:hover:brightness-110"
          >
            Sign in
          </Link>
        )}
      </div>
    );
  }
  // Two children of the header's row: the account on the right of the logo, the navigation on a row of its own.
  return (
    <>
      <div className="flex min-w-0 flex-1 items-center justify-end gap-3 text-sm">
        <Link
          href="/account"
          aria-current={isActive("/account") ? "page" : undefined}
          className={`max-w-56 min-w-0 truncate hover:underline ${isActive("/account") ? "font-medium text-slate-900" : "text-slate-500 hover:text-slate-900"}`}
          title="Your account: change your password"
          data-testid="developer-email"
        >
          {email}
        </Link>
        <form action={signOutAction} className="shrink-0">
          <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100">
            Sign out
          </button>
        </form>
      </div>
      <nav aria-label="Portal" className="order-last flex basis-full flex-wrap items-center gap-x-5 gap-y-1 text-sm whitespace-nowrap">
        {portalLinks.map((l) => (
          <Link key={l.href} href={l.href} aria-current={isActive(l.href) ? "page" : undefined} className={linkClass(l.href)}>
            {l.label}
          </Link>
        ))}
        {/* At the row's end, so the account keeps its room beside the logo on a phone. */}
        <span className="-my-1.5 ml-auto">
          <ThemeSwitch />
        </span>
      </nav>
    </>
  );
}
