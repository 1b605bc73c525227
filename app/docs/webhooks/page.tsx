import type { Metadata } from "next";
import Link from "next/link";
import { link } from "@/components/styles";

export const metadata: Metadata = { title: "Receiving webhooks" };

// The content of docs/webhooks.md as a page of the portal.

function Code({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em]">{children}</code>;
}

function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className={
        "overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-sm leading-relaxed " +
        "text-slate-100 dark:bg-slate-50 dark:text-slate-900 dark:ring-1 dark:ring-slate-200"
      }
    >
      {children}
    </pre>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} className="scroll-mt-6 space-y-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

const request = `POST <notificationUrl>
Content-Type: application/x-www-form-urlencoded
webhook-id: evt_mi3k2c1Yl0b6rTQk2Zx
webhook-timestamp: 1763888400
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=

Json=%7B%22id%22%3A%22evt_...%22%2C%22type%22%3A%22TestEvent%22%2C...%7D`;

const event = `{
  "id": "evt_mi3k2c1Yl0b6rTQk2Zx",
  "type": "TestEvent",
  "time": "2026-11-23T09:40:00.000Z",
  "resource": "https://your-host/rest/1.0/apps/demo:demo-app",
  "params": { "message": "A test event from Switchboard." }
}`;

const verify = `import { createHmac, timingSafeEqual } from "node:crypto";

export function verifyWebhook(secret, headers, rawBody) {
  const key = Buffer.from(secret.split("_")[1], "base64");
  const signed = \`\${headers["webhook-id"]}.\${headers["webhook-timestamp"]}.\${rawBody}\`;
  const expected = Buffer.from("v1," + createHmac("sha256", key).update(signed).digest("base64"));
  const fresh = Math.abs(Date.now() / 1000 - Number(headers["webhook-timestamp"])) < 300;
  return fresh && String(headers["webhook-signature"]).split(" ").some((sig) => {
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

const rules: Array<[string, React.ReactNode]> = [
  [
    "At least once.",
    <>
      An event is written in the same database transaction as the change that caused it, then delivered. A delivery interrupted by a crash is retried,
      so the same event can arrive twice: drop duplicates by <Code>id</Code>.
    </>,
  ],
  [
    "No ordering.",
    <>
      Events may arrive in any order; sort by <Code>time</Code> if you need to.
    </>,
  ],
  [
    "Retries",
    <>
      after a failure (non-2xx, timeout, connection error, or any 3xx: redirects are not followed): after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.
      A longer <Code>Retry-After</Code> in your answer is honoured (up to 24 h). After the last retry the event is marked <Code>failed</Code> (
      <Code>DeliveryExhausted</Code> in the portal and the log); you can replay it.
    </>,
  ],
  ["410 Gone", <>disables the endpoint: nothing more is sent until the notification URL changes.</>],
  [
    "Allowed targets:",
    <>
      http(s) URLs whose host resolves to a public address. Loopback, private, link-local, CGNAT, multicast, reserved and IPv4-mapped IPv6 addresses
      are refused when the URL is saved and again when connecting. <Code>WEBHOOK_ALLOW_PRIVATE=true</Code> lifts this; it is on by default only on the
      embedded single-machine setup. <strong>Do not enable it on a shared server</strong>: anyone with an application could make the server call your
      internal network.
    </>,
  ],
  [
    "Log and replay:",
    <>
      the portal&apos;s Events page of each application lists every event with each attempt (status, latency, the first 1 KB of the response and the
      error), and can replay an event or send a <Code>TestEvent</Code>. Delivered events are kept 30 days (<Code>EVENT_RETENTION_DAYS</Code>).
    </>,
  ],
];

const restCalls: Array<[string, string]> = [
  ["GET /apps/<id>/events", "Paged; filter on type, status and createdOn."],
  ["GET /apps/<id>/events/<eventId>", "The event with every attempt: status, latency, the first 1 KB of the response, the error."],
  ["POST /apps/<id>/events/<eventId>/replay", "202; sends the same event (same id) again from the first attempt."],
  ["POST /apps/<id>/events/test", "Sends a TestEvent."],
];

export default function WebhooksDocsPage() {
  return (
    <article className="space-y-10">
      <header className="space-y-2">
        <p className="text-sm">
          <Link href="/docs/api" className="text-slate-500 hover:text-slate-800">
            ← API reference
          </Link>
        </p>
        <h1 className="text-3xl font-semibold tracking-tight">Receiving webhooks</h1>
        <p className="max-w-2xl text-slate-600">
          Switchboard POSTs every event of your application to its notification URL. Set it on the application&apos;s page in the portal, or with{" "}
          <Code>{'PUT /rest/1.0/apps/<domain>:<app> {"notificationUrl": "https://..."}'}</Code>.
        </p>
      </header>

      <Section id="request" title="The request">
        <CodeBlock label="Example delivery request">{request}</CodeBlock>
        <p>
          The single form parameter <Code>Json</Code> holds the event:
        </p>
        <CodeBlock label="Example event">{event}</CodeBlock>
        <p>
          <Code>id</Code> (also the <Code>webhook-id</Code> header) stays the same on every retry and replay: use it to drop duplicates. Answer with
          any <Code>2xx</Code> within 15 seconds.
        </p>
      </Section>

      <Section id="verifying" title="Verifying the signature">
        <p>
          The headers follow{" "}
          <a href="https://www.standardwebhooks.com/" className={link} rel="noreferrer" target="_blank">
            Standard Webhooks
          </a>
          . The Events page of each application shows its signing secret (<Code>whsec_...</Code>). The signature is a base64 HMAC-SHA256, keyed with
          the base64-decoded part after <Code>whsec_</Code>, of <Code>{"<webhook-id>.<webhook-timestamp>.<raw body>"}</Code>.
        </p>
        <p>
          The header may carry several space-separated signatures: after a secret rotation both the old and the new secret sign for 24 hours. Accept
          the request if any matches, and reject timestamps more than a few minutes old.
        </p>
        <CodeBlock label="Verification in Node.js">{verify}</CodeBlock>
        <p>Use the raw body exactly as received, before form decoding. To check your code:</p>
        <dl className="grid gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-surface p-4 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-slate-500">Secret</dt>
          <dd className="font-mono break-all">whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw</dd>
          <dt className="text-slate-500">webhook-id</dt>
          <dd className="font-mono">msg_p5jXN8AQM9LWM0D4loKWxJek</dd>
          <dt className="text-slate-500">Timestamp</dt>
          <dd className="font-mono">1614265330</dd>
          <dt className="text-slate-500">Body</dt>
          <dd className="font-mono">{'{"test": 2432232314}'}</dd>
          <dt className="text-slate-500">Signature</dt>
          <dd className="font-mono break-all">v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=</dd>
        </dl>
      </Section>

      <Section id="delivery" title="Delivery rules">
        <ul className="list-disc space-y-2 pl-5">
          {rules.map(([lead, text]) => (
            <li key={lead}>
              <strong className="font-semibold text-slate-900">{lead}</strong> {text}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="rest" title="The log over the REST API">
        <p>
          Only the application itself, signing two-legged with its consumer key alone, can call these (paths under <Code>/rest/1.0</Code>):
        </p>
        <table className="w-full text-left text-sm">
          <tbody className="divide-y divide-slate-200">
            {restCalls.map(([call, what]) => (
              <tr key={call}>
                <td className="py-2 pr-4 font-mono [overflow-wrap:anywhere] sm:whitespace-nowrap">{call}</td>
                <td className="py-2">{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </article>
  );
}
