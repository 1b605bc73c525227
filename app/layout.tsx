import type { Metadata } from "next";
import Link from "next/link";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Switchboard", template: "%s · Switchboard" },
  description: "A self-hostable communications platform: users, devices, calls, messages, voicemail and media behind one REST API.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <header className="border-b border-slate-200 bg-white">
          <nav className="mx-auto flex max-w-5xl items-center justify-between px-6 py-4">
            <Link href="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
              <span aria-hidden className="inline-block h-6 w-6 rounded-md bg-brand-500" />
              Switchboard
            </Link>
            <div className="flex items-center gap-6 text-sm">
              <Link href="/docs/api" className="text-slate-600 hover:text-slate-900">
                API reference
              </Link>
              <Link href="/signin" className="rounded-md bg-brand-500 px-3 py-1.5 font-medium text-white hover:bg-brand-600">
                Sign in
              </Link>
            </div>
          </nav>
        </header>
        <main className="mx-auto max-w-5xl px-6 py-10">{children}</main>
      </body>
    </html>
  );
}
