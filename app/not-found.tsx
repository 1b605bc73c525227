import Link from "next/link";
import { buttonPrimary, buttonSecondary } from "@/components/styles";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-lg space-y-4 py-10 text-center">
      <p className="text-sm font-medium uppercase tracking-wider text-brand-600">Not found</p>
      <h1 className="text-2xl font-semibold tracking-tight">We could not find that page</h1>
      <p className="text-slate-600">The address may be mistyped, or what it points to was deleted or belongs to another account.</p>
      <div className="flex justify-center gap-3 pt-2">
        <Link href="/apps" className={buttonPrimary}>
          Your applications
        </Link>
        <Link href="/" className={buttonSecondary}>
          Home
        </Link>
      </div>
    </div>
  );
}
