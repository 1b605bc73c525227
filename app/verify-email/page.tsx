import type { Metadata } from "next";
import { buttonPrimary, card } from "@/components/styles";
import { inspectEmailLink } from "@/lib/devices/email-check";

export const metadata: Metadata = { title: "Confirm your email address", robots: { index: false } };
export const dynamic = "force-dynamic";

const outcomes = {
  confirmed: { title: "Your email address is confirmed", body: "Thank you. You can close this page." },
  expired: { title: "This link expired", body: "Verification links work for a limited time. Ask the application for a new verification email." },
  unknown: {
    title: "This link is not valid",
    body:
      "It may have been used already, replaced by a newer email, or cut short. Ask the " +
      "application for a new verification email if the address is not confirmed yet.",
  },
} as const;

function Outcome({ kind }: { kind: keyof typeof outcomes }) {
  return (
    <div className="mx-auto max-w-lg">
      <div className={`${card} space-y-3 p-8 text-center shadow-sm`} data-testid="verify-outcome">
        <h1 className="text-xl font-semibold tracking-tight">{outcomes[kind].title}</h1>
        <p className="text-slate-600">{outcomes[kind].body}</p>
      </div>
    </div>
  );
}

/**
 * The page a verification email links to. Opening it changes nothing (mail scanners open links);
 * the button posts the token to /verify-email/confirm, which uses it.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token, result } = await searchParams;
  if (result === "confirmed" || result === "expired" || result === "unknown") return <Outcome kind={result} />;
  const link = typeof token === "string" && token.length <= 200 ? await inspectEmailLink(token) : { state: "unknown" as const };
  if (link.state !== "valid") return <Outcome kind={link.state} />;
  return (
    <div className="mx-auto max-w-lg">
      <form method="post" action="/verify-email/confirm" className={`${card} space-y-5 p-8 shadow-sm`}>
        <div className="space-y-2">
          <h1 className="text-xl font-semibold tracking-tight">Confirm your email address</h1>
          <p className="text-slate-600">
            Confirm that <strong className="text-slate-900 wrap-anywhere">{link.email}</strong> is yours and may receive notifications.
          </p>
        </div>
        <input type="hidden" name="token" value={token as string} />
        <button type="submit" className={`${buttonPrimary} w-full`}>
          {`Confirm ${link.email}`}
        </button>
      </form>
    </div>
  );
}
