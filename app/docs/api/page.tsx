import type { Metadata } from "next";
import Link from "next/link";
import { link } from "@/components/styles";
import { errorCodes } from "@/lib/core/errors/api-error";
import { FILTER_OPS, MAX_COUNT } from "@/lib/http/rest/list-query";
import { version as swaggerUiVersion } from "swagger-ui-dist/package.json";
import { SwaggerReference } from "./swagger-reference";

export const metadata: Metadata = { title: "API reference" };

const SPEC_URL = "/rest/1.0/openapi.json";

const methodRules = [
  ["GET", '200 with {"entry": ...}: an array for a collection (even with 0 or 1 items), an object for one item.'],
  ["POST", "201 with a Location header holding the URL of the new resource."],
  ["PUT", "200 with the updated resource as GET would return it, or 204."],
  ["DELETE", "204, or 202 when the deletion is accepted but finishes later."],
];

function Code({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em]">{children}</code>;
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} className="space-y-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

export default function ApiReferencePage() {
  return (
    <article className="space-y-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-semibold tracking-tight">API reference</h1>
        <p className="text-slate-600">
          Every path below is relative to <Code>{"{base_url}"}</Code> = <Code>https://your-host/rest/1.0</Code>. Request and response bodies are JSON.
          Each operation shows a curl and a TypeScript example; the same document is at{" "}
          <a href={SPEC_URL} className={link}>
            {SPEC_URL}
          </a>{" "}
          (OpenAPI 3.1) for code generators.
        </p>
        <p className="text-slate-600">
          The reference cannot send requests: each one must be signed with OAuth 1.0a. To try an operation, open one of your applications in the
          portal and use its <strong>API console</strong>, which signs requests with that application&apos;s keys.{" "}
          <Link href="/apps" className={link}>
            Your applications
          </Link>
        </p>
        <nav aria-label="On this page" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {[
            ["#authentication", "Authentication"],
            ["#reference", "Operations"],
            ["#responses", "Responses"],
            ["#paging", "Paging and filters"],
            ["#errors", "Errors"],
            ["#events", "Events"],
          ].map(([href, label]) => (
            <a key={href} href={href} className={link}>
              {label}
            </a>
          ))}
        </nav>
      </header>

      <Section id="authentication" title="Authentication">
        <p>
          Every request is signed with OAuth 1.0a (HMAC-SHA1) using your application&apos;s consumer key and secret, and, when acting as a user, that
          user&apos;s access token and token secret. Put the OAuth parameters in the <Code>Authorization: OAuth ...</Code> header. A JSON body is
          covered by <Code>oauth_body_hash</Code> (base64 SHA-1 of the exact body bytes), which is one of the signed parameters. Timestamps may be
          seconds or milliseconds and must be within 10 minutes of the server clock; every nonce is used once.
        </p>
        <p>
          A request that is not signed, or signed wrongly, answers <Code>401</Code> with{" "}
          <Code>WWW-Authenticate: OAuth realm=&quot;...&quot;, oauth_problem=&quot;...&quot;</Code> naming the problem.
        </p>
      </Section>

      <Section id="reference" title="Operations">
        <SwaggerReference assetsPath="/docs/api/assets" version={swaggerUiVersion} specUrl={SPEC_URL} />
      </Section>

      <Section id="responses" title="Responses by method">
        <table className="w-full text-left text-sm">
          <tbody className="divide-y divide-slate-200">
            {methodRules.map(([method, rule]) => (
              <tr key={method}>
                <td className="py-2 pr-4 font-mono font-semibold">{method}</td>
                <td className="py-2">{rule}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          A method a resource does not support answers <Code>405</Code> with an <Code>Allow</Code> header listing the ones it does.{" "}
          <Code>OPTIONS</Code> on any resource answers <Code>204</Code> with the same header.
        </p>
      </Section>

      <Section id="paging" title="Paging and filters">
        <p>
          Collections accept <Code>startIndex</Code> (first result, from 0) and <Code>count</Code> (page size, at most {MAX_COUNT}; without{" "}
          <Code>count</Code> a page also holds at most {MAX_COUNT}). The response always carries <Code>startIndex</Code>, <Code>totalResults</Code>{" "}
          (all matches, ignoring paging) and the <Code>entry</Code> array, and <Code>itemsPerPage</Code> (the number on this page) when the request
          gave <Code>count</Code>.
        </p>
        <p>
          Filter with <Code>filterBy</Code> (a property), <Code>filterValue</Code> and <Code>filterOp</Code>, one of{" "}
          {FILTER_OPS.map((op, i) => (
            <span key={op}>
              {i > 0 && ", "}
              <Code>{op}</Code>
            </span>
          ))}{" "}
          (default <Code>equals</Code>). <Code>contains</Code> and <Code>startsWith</Code> ignore case; on timestamps <Code>startsWith</Code> takes a
          date prefix such as <Code>2026-11</Code>. Each collection lists which properties it can filter on; any other value is a <Code>400</Code>{" "}
          naming the parameter.
        </p>
      </Section>

      <Section id="errors" title="Errors">
        <p>
          Errors are <Code>application/problem+json</Code> (RFC 9457): <Code>type</Code>, <Code>title</Code>, <Code>status</Code>, <Code>detail</Code>{" "}
          (what went wrong and what to do), a stable <Code>code</Code> from the table below and the <Code>requestId</Code> (also in the{" "}
          <Code>X-Request-Id</Code> header; quote it when reporting a problem).
        </p>
        <table className="w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th className="py-2 pr-4 font-medium">Status</th>
              <th className="py-2 pr-4 font-medium">code</th>
              <th className="py-2 font-medium">Title</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {Object.entries(errorCodes).map(([code, { status, title }]) => (
              <tr key={code} id={`error-${code}`}>
                <td className="py-2 pr-4 font-mono">{status}</td>
                <td className="py-2 pr-4 font-mono">{code}</td>
                <td className="py-2">{title}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="events" title="Events">
        <p>
          Events of your application are POSTed, signed, to its notification URL: see{" "}
          <Link href="/docs/webhooks" className={link}>
            Receiving webhooks
          </Link>
          .
        </p>
      </Section>

      <Section id="health" title="Health">
        <p>
          <Code>GET /health</Code> needs no signature. It answers <Code>200</Code> when the database is reachable and <Code>503</Code> when it is not.
        </p>
      </Section>
    </article>
  );
}
