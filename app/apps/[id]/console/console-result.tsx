"use client";

import { CopyButton } from "@/components/copy-button";
import { card } from "@/components/styles";
import type { ConsoleExchange } from "@/lib/portal/api-console";

const code = "rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs leading-relaxed text-slate-800";

function statusTone(status: number): string {
  if (status < 300) return "bg-emerald-100 text-emerald-800";
  if (status < 400) return "bg-sky-100 text-sky-800";
  if (status < 500) return "bg-amber-100 text-amber-900";
  return "bg-red-100 text-red-800";
}

/** OAuth oauth_consumer_key="…", oauth_nonce="…" with one parameter a line. */
function authorizationLines(value: string): string {
  return value.replace(/", /g, '",\n      ');
}

function Block({ label, hint, children }: { label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 space-y-1.5">
      <h4 className="text-xs font-medium uppercase tracking-wider text-slate-500">{label}</h4>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      {children}
    </div>
  );
}

/** A monospace block with a copy button in its corner; long content scrolls inside it, never the page. */
function CodeBlock({
  children,
  copy,
  copyLabel,
  className = "",
  testId,
}: {
  children: React.ReactNode;
  /** What the copy button copies (e.g. the header on one line); no button without it. */
  copy?: string;
  copyLabel?: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div className="relative">
      {copy && (
        <div className="mb-1.5 flex justify-end sm:absolute sm:top-1.5 sm:right-1.5 sm:mb-0">
          <CopyButton value={copy} label="Copy" ariaLabel={copyLabel} />
        </div>
      )}
      <pre data-testid={testId} tabIndex={0} className={`${code} ${copy ? "sm:pr-20" : ""} ${className}`}>
        {children}
      </pre>
    </div>
  );
}

/** What the console sent (nothing secret) and what came back. */
export function ConsoleResultView({ exchange }: { exchange: ConsoleExchange }) {
  const { request, response, actingAs } = exchange;
  const authorization = request.headers.find(([name]) => name === "Authorization")?.[1] ?? "";
  const otherHeaders = request.headers.filter(([name]) => name !== "Authorization");
  const pathAndQuery = (() => {
    const url = new URL(request.url);
    return `${url.pathname}${url.search}`;
  })();

  return (
    <div className="space-y-6" data-testid="console-result">
      <section className={`${card} divide-y divide-slate-100`} aria-labelledby="sent-heading">
        <div className="px-5 py-4">
          <h3 id="sent-heading" className="font-semibold">
            What was sent
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            The signed request, as your own code would send it. Secrets are never shown: they only go into the signature.
          </p>
        </div>
        <div className="space-y-5 px-5 py-4">
          <Block label="Request line">
            <CodeBlock testId="request-line" className="whitespace-pre-wrap [overflow-wrap:anywhere]">
              {request.method} {pathAndQuery}
              {"\n"}
              <span className="text-slate-500">Host: {new URL(request.url).host}</span>
            </CodeBlock>
          </Block>
          <Block label="Authorization header">
            <CodeBlock
              testId="authorization"
              copy={authorization}
              copyLabel="Copy the Authorization header"
              className="overflow-x-auto whitespace-pre"
            >
              {authorizationLines(authorization)}
            </CodeBlock>
          </Block>
          {otherHeaders.length > 0 && (
            <Block label="Other headers">
              <CodeBlock className="whitespace-pre-wrap [overflow-wrap:anywhere]">
                {otherHeaders.map(([name, value]) => `${name}: ${value}`).join("\n")}
              </CodeBlock>
            </Block>
          )}
          {request.body !== undefined && (
            <Block label="Request body">
              <CodeBlock testId="request-body" className="max-h-64 overflow-auto whitespace-pre-wrap [overflow-wrap:anywhere]">
                {request.body}
              </CodeBlock>
            </Block>
          )}
          <Block
            label="Signature base string"
            hint="Method, encoded URL and sorted parameters joined by &. If your own signature fails, compare your base string with this one."
          >
            <CodeBlock
              testId="base-string"
              copy={request.baseString}
              copyLabel="Copy the signature base string"
              className="max-h-48 overflow-auto whitespace-pre-wrap break-all"
            >
              {request.baseString}
            </CodeBlock>
          </Block>
        </div>
      </section>
      <section className={`${card} divide-y divide-slate-100`} aria-labelledby="response-heading">
        <div className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <h3 id="response-heading" className="font-semibold">
              Response
            </h3>
            <span
              data-testid="response-status"
              className={`inline-flex items-center rounded-full px-2.5 py-0.5 font-mono text-sm font-medium ${statusTone(response.status)}`}
            >
              {response.status} {response.statusText}
            </span>
          </div>
          <p className="text-sm text-slate-500">
            {response.durationMs} ms · {actingAs.kind === "user" ? "as a user" : "as the application"}
          </p>
        </div>

        {actingAs.kind === "user" && (
          <p className="px-5 py-3 text-sm text-slate-600" data-testid="acting-as">
            Logged in as <span className="font-medium text-slate-800">{actingAs.login}</span> (user{" "}
            <span className="font-mono text-xs [overflow-wrap:anywhere]">{actingAs.userGuid}</span>) with xAuth for this request.{" "}
            {actingAs.loggedOut ? (
              "The token was revoked right after."
            ) : (
              <span className="text-amber-800">
                Logging the token out afterwards failed (perhaps this request already logged out): a live token may remain.
              </span>
            )}
          </p>
        )}

        {response.headers.length > 0 && (
          <dl className="grid gap-x-6 gap-y-2 px-5 py-4 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
            {response.headers.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-mono text-xs leading-5 text-slate-500">{name}</dt>
                <dd
                  className="font-mono text-xs leading-5 text-slate-900 [overflow-wrap:anywhere]"
                  data-testid={`response-header-${name.toLowerCase()}`}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        )}

        <div className="px-5 py-4">
          <Block label="Body">
            {response.format === "empty" ? (
              <p className="text-sm text-slate-500">No body.</p>
            ) : (
              <CodeBlock
                testId="response-body"
                copy={response.body}
                copyLabel="Copy the response body"
                className="max-h-[32rem] overflow-auto whitespace-pre"
              >
                {response.body}
              </CodeBlock>
            )}
            {response.truncated && <p className="text-xs text-slate-500">The body is long: only its beginning is shown.</p>}
          </Block>
        </div>
      </section>
    </div>
  );
}
