import Link from "next/link";

/** Title, one line of explanation, an optional action on the right and an optional way back. */
export function PageHeader({
  title,
  description,
  action,
  back,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  action?: React.ReactNode;
  back?: { href: string; label: string };
}) {
  return (
    <header className="space-y-3">
      {back && (
        <Link href={back.href} className="text-sm text-slate-500 hover:text-slate-800">
          ← {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
          {description && <p className="max-w-2xl text-slate-600">{description}</p>}
        </div>
        {/* On its own line (a long description, a phone) it stays at the right edge. */}
        {action && <div className="ml-auto">{action}</div>}
      </div>
    </header>
  );
}
