import type { Metadata } from "next";
import { card } from "@/components/styles";
import { getAuthorizationRequest, type AuthorizationRequest } from "@/lib/http/oauth/three-legged";
import { AuthorizeForm } from "./authorize-form";

export const metadata: Metadata = { title: "Authorize an application", robots: { index: false } };
export const dynamic = "force-dynamic";

const problems: Record<NonNullable<AuthorizationRequest["problem"]> | "unknown" | "missing", { title: string; body: string }> = {
  missing: {
    title: "This authorization link is incomplete",
    body: "It does not say which request to approve. Go back to the application and start signing in again.",
  },
  unknown: {
    title: "This authorization link is not valid",
    body: "We do not know this request: the link may be mistyped or cut short. Go back to the application and start signing in again.",
  },
  expired: {
    title: "This authorization request expired",
    body: "Requests are valid for 10 minutes. Go back to the application and start again: it will bring you back here with a fresh request.",
  },
  "already-used": {
    title: "This authorization request was already answered",
    body: "Each request can be approved or denied once. If you want to connect the application again, start again from the application.",
  },
  "no-callback": {
    title: "This application cannot be signed in to from here",
    body:
      "It did not say where to send you back, or named a page its developer did not register. Go " +
      "back to the application and start again; if it keeps happening, tell its developer.",
  },
  suspended: {
    title: "This application is not available right now",
    body: "Its developer has suspended it, so it cannot be authorized. Try again later, or contact the application's developer.",
  },
};

const scopes: Record<string, string> = {
  "read-write": "Read and change your account, calls, messages and files.",
  "read-only": "Read your account, calls, messages and files, but not change them.",
};

function Problem({ kind }: { kind: keyof typeof problems }) {
  const p = problems[kind];
  return (
    <div className="mx-auto max-w-lg">
      <div className={`${card} space-y-3 p-8 text-center shadow-sm`} data-testid="authorize-problem">
        <h1 className="text-xl font-semibold tracking-tight">{p.title}</h1>
        <p className="text-slate-600">{p.body}</p>
      </div>
    </div>
  );
}

export default async function AuthorizePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).oauth_token;
  const token = typeof raw === "string" ? raw.trim() : "";
  if (!token) return <Problem kind="missing" />;
  const request = token.length <= 200 ? await getAuthorizationRequest(token) : null;
  if (!request) return <Problem kind="unknown" />;
  // An answered request keeps the page (and the form's place in it): a form posted without
  // JavaScript gets this page back, and its answer (e.g. the out-of-band verifier) shows there.
  if (request.problem && request.problem !== "already-used") return <Problem kind={request.problem} />;

  return (
    <div className="mx-auto max-w-lg space-y-6">
      <div className={`${card} overflow-hidden shadow-sm`}>
        <div className="space-y-4 border-b border-slate-200 bg-slate-50 px-6 py-5">
          <p className="text-sm text-slate-600">An application wants to use your Switchboard account</p>
          <div>
            <h1 className="text-2xl font-semibold tracking-tight break-words" data-testid="authorize-app-name">
              {request.applicationName}
            </h1>
            <p className="text-sm text-slate-500">
              in domain <span className="font-mono">{request.domain}</span>
            </p>
          </div>
          {request.applicationDescription && <p className="text-slate-700">{request.applicationDescription}</p>}
        </div>
        <div className="space-y-5 px-6 py-5">
          <div>
            <h2 className="text-sm font-semibold text-slate-800">If you approve, it can</h2>
            <p className="mt-1 text-slate-700" data-testid="authorize-scope">
              {scopes[request.scope] ?? scopes["read-write"]}
            </p>
          </div>
          <div className="border-t border-slate-200 pt-5">
            <AuthorizeForm
              token={request.token}
              applicationName={request.applicationName}
              domain={request.domain}
              answered={request.problem ? problems[request.problem] : undefined}
            />
          </div>
        </div>
      </div>
      <p className="text-center text-xs text-slate-500">Only approve applications you trust.</p>
    </div>
  );
}
