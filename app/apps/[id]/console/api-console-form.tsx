"use client";

import { startTransition, useActionState, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { buttonPrimary, card, input, select } from "@/components/styles";
import type { ConsoleInput } from "@/lib/portal/api-console";
import type { ConsoleState } from "./actions";
import { ConsoleResultView } from "./console-result";

const METHODS = ["GET", "POST", "PUT", "DELETE"] as const;
type Method = (typeof METHODS)[number];
const HAS_BODY: Record<Method, boolean> = { GET: false, POST: true, PUT: true, DELETE: false };
const DEFAULT_PATH = "/users?count=5";
const BODY_PLACEHOLDER = '{\n  "login": "alice",\n  "password": "a-long-password"\n}';

/** Why `text` is not JSON, in the words of the browser's parser, or null when it parses. */
function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * The console form: method, path under /rest/1.0, who to act as and an optional JSON body. The body
 * is checked here before anything is sent; the server action signs, sends and describes the exchange.
 */
export function ApiConsoleForm({
  baseUrl,
  appPublicId,
  domain,
  suspended,
  action,
}: {
  /** e.g. http://localhost:3000/rest/1.0 */
  baseUrl: string;
  appPublicId: string;
  domain: string;
  suspended: boolean;
  action: (prev: ConsoleState, input: ConsoleInput) => Promise<ConsoleState>;
}) {
  const [state, dispatch, pending] = useActionState(action, {} as ConsoleState);
  const [method, setMethod] = useState<Method>("GET");
  const [path, setPath] = useState(DEFAULT_PATH);
  const [body, setBody] = useState("");
  const [actAs, setActAs] = useState<"application" | "user">("application");
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [bodyError, setBodyError] = useState<string | null>(null);
  // A new answer replaces the server's messages; a client-side refusal hides them until the next send.
  const [showServerState, setShowServerState] = useState(true);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const bodyEnabled = HAS_BODY[method];
  const fieldErrors = showServerState && state.ok === false ? (state.fieldErrors ?? {}) : {};
  const serverError = showServerState && state.ok === false ? state.error : undefined;
  const exchange = showServerState && state.ok ? state.exchange : undefined;
  const pathError = fieldErrors.path?.join(" ");
  const shownBodyError = bodyError ?? fieldErrors.body?.join(" ");

  // Bring the answer into view (braces: scrollIntoView may return a Promise, which React would take for a cleanup).
  useEffect(() => {
    if (state.ok) resultRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [state]);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (bodyEnabled && body.trim()) {
      const problem = jsonProblem(body);
      if (problem) {
        setBodyError(problem);
        setShowServerState(false);
        bodyRef.current?.focus();
        return;
      }
    }
    setBodyError(null);
    setShowServerState(true);
    startTransition(() => dispatch({ method, path, body: bodyEnabled ? body : "", actAs, login, password }));
  }

  return (
    <div className="space-y-8">
      <section className={`${card} p-5`} aria-labelledby="console-form-heading">
        <h2 id="console-form-heading" className="font-semibold">
          Request
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Sent to <span className="font-mono text-[0.95em] text-slate-800 [overflow-wrap:anywhere]">{baseUrl}</span>, signed with OAuth 1.0a
          (HMAC-SHA1).
        </p>
        <form onSubmit={submit} className="mt-5 space-y-6" noValidate aria-busy={pending}>
          {suspended && (
            <Alert tone="warning" title="This application is suspended">
              The API refuses its requests until you resume it on the application page.
            </Alert>
          )}
          {serverError && <Alert title={serverError.title}>{serverError.message}</Alert>}

          <div>
            <div className="flex flex-wrap gap-3 sm:flex-nowrap">
              <div className="w-28 shrink-0">
                <label htmlFor="console-method" className="block text-sm font-medium text-slate-800">
                  Method
                </label>
                <select
                  id="console-method"
                  value={method}
                  onChange={(e) => setMethod(e.target.value as Method)}
                  className={`${select} mt-1.5 font-mono`}
                >
                  {METHODS.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </select>
              </div>
              <div className="min-w-0 flex-1 basis-64">
                <label htmlFor="console-path" className="block text-sm font-medium text-slate-800">
                  Path
                </label>
                <div className="mt-1.5 flex">
                  <span
                    aria-hidden
                    className={
                      "inline-flex shrink-0 items-center rounded-l-md border border-r-0 border-slate-300 " +
                      "bg-slate-50 px-3 font-mono text-sm text-slate-500"
                    }
                  >
                    /rest/1.0
                  </span>
                  <input
                    id="console-path"
                    value={path}
                    onChange={(e) => setPath(e.target.value)}
                    spellCheck={false}
                    autoComplete="off"
                    aria-invalid={pathError ? true : undefined}
                    aria-describedby={pathError ? "console-path-error" : "console-path-hint"}
                    className={`${input} min-w-0 rounded-l-none font-mono`}
                  />
                </div>
              </div>
            </div>
            {pathError ? (
              <p id="console-path-error" className="mt-1.5 text-sm text-red-700" data-testid="path-error">
                {pathError}
              </p>
            ) : (
              <p id="console-path-hint" className="mt-1.5 text-xs text-slate-500">
                Relative to /rest/1.0, with any query string, for example /users?count=5 or /users/&#123;guid&#125;.
              </p>
            )}
          </div>

          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Act as</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              <ActAsOption
                checked={actAs === "application"}
                onSelect={() => setActAs("application")}
                value="application"
                title="The application (two-legged)"
              >
                Signed with the consumer key and secret of <span className="font-mono">{appPublicId}</span> only.
              </ActAsOption>
              <ActAsOption checked={actAs === "user"} onSelect={() => setActAs("user")} value="user" title={`A user of ${domain}`}>
                Logged in with xAuth for this request only; the token is revoked right after and its secret never leaves the server.
              </ActAsOption>
            </div>
            {actAs === "user" && (
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                <Field
                  name="login"
                  label="Login"
                  autoComplete="off"
                  spellCheck={false}
                  value={login}
                  onChange={(e) => setLogin(e.target.value)}
                  errors={fieldErrors.login}
                />
                <Field
                  name="password"
                  label="Password"
                  type="password"
                  autoComplete="off"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  errors={fieldErrors.password}
                />
              </div>
            )}
          </fieldset>

          {bodyEnabled ? (
            <div>
              <label htmlFor="console-body" className="block text-sm font-medium text-slate-800">
                Body <span className="font-normal text-slate-500">(JSON, optional)</span>
              </label>
              <textarea
                id="console-body"
                ref={bodyRef}
                rows={5}
                value={body}
                onChange={(e) => {
                  setBody(e.target.value);
                  if (bodyError) setBodyError(null);
                }}
                spellCheck={false}
                placeholder={BODY_PLACEHOLDER}
                aria-invalid={shownBodyError ? true : undefined}
                aria-describedby={shownBodyError ? "console-body-error" : "console-body-hint"}
                className={`${input} mt-1.5 font-mono`}
              />
              {shownBodyError ? (
                <p id="console-body-error" role="alert" className="mt-1.5 text-sm text-red-700" data-testid="body-error">
                  The body is not valid JSON, so nothing was sent. Fix it and send again.
                  <span className="mt-0.5 block font-mono text-xs text-red-700">{shownBodyError}</span>
                </p>
              ) : (
                <p id="console-body-hint" className="mt-1.5 text-xs text-slate-500">
                  Sent as application/json and covered by oauth_body_hash. Leave it empty to send no body.
                </p>
              )}
            </div>
          ) : (
            <p className="text-sm text-slate-500">
              <span className="font-medium text-slate-800">Body:</span> {method} requests carry none. Choose POST or PUT to send JSON.
            </p>
          )}

          <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5">
            <button type="submit" disabled={pending} className={buttonPrimary}>
              {pending ? "Sending…" : "Send request"}
            </button>
            {pending && (
              <span role="status" className="text-sm text-slate-500">
                {actAs === "user" ? "Logging in, sending, logging out…" : "Signing and sending…"}
              </span>
            )}
          </div>
        </form>
      </section>

      <div ref={resultRef} className="scroll-mt-6">
        {exchange && <ConsoleResultView exchange={exchange} />}
      </div>
    </div>
  );
}

function ActAsOption({
  checked,
  onSelect,
  value,
  title,
  children,
}: {
  checked: boolean;
  onSelect: () => void;
  value: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <label
      className={`flex cursor-pointer gap-3 rounded-md border p-3 text-sm transition-colors ${
        checked ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-surface hover:bg-slate-50"
      }`}
    >
      <input type="radio" name="actAs" value={value} checked={checked} onChange={onSelect} className="mt-0.5 accent-brand-500" />
      <span className="min-w-0">
        <span className="block font-medium text-slate-900">{title}</span>
        <span className="mt-0.5 block text-slate-600">{children}</span>
      </span>
    </label>
  );
}
