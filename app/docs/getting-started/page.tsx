import type { Metadata } from "next";
import Link from "next/link";
import { link } from "@/components/styles";

export const metadata: Metadata = { title: "Getting started" };

// The content of docs/getting-started.md as a page of the portal: sign up, first signed call, first event watched.

function Code({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] [overflow-wrap:anywhere]">{children}</code>;
}

function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <pre
      aria-label={label}
      className="rounded-lg bg-slate-900 p-4 font-mono text-sm leading-relaxed whitespace-pre-wrap text-slate-100 [overflow-wrap:anywhere]"
    >
      {children}
    </pre>
  );
}

function Step({ n, id, title, minutes, children }: { n: number; id: string; title: string; minutes: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6 space-y-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {n}. {title} <span className="text-sm font-normal text-slate-500">({minutes})</span>
      </h2>
      <div className="space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

export default function GettingStartedPage() {
  return (
    <article className="max-w-3xl space-y-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-semibold tracking-tight">Getting started</h1>
        <p className="text-slate-600">
          From nothing to a signed API call and a webhook you can watch, in under ten minutes, all in this portal (or, for each step, from a shell
          with <Code>npx switchboard</Code>).
        </p>
      </header>

      <Step n={1} id="sign-up" title="Sign up" minutes="1 minute">
        <p>
          <Link href="/signup" className={link}>
            Create a developer account
          </Link>{" "}
          with your name, email and a password, or sign in with the demo developer <Code>npm start</Code> printed. You land on your applications.
        </p>
      </Step>

      <Step n={2} id="application" title="Create an application" minutes="2 minutes">
        <p>
          <Link href="/apps/new" className={link}>
            New application
          </Link>
          : a display name, a name for its id and a domain (a new domain is created for it; your users live there). Leave the notification URL empty
          for now. Its page shows the <strong>consumer key</strong>, and the <strong>consumer secret</strong> once: copy both, they sign every
          request.
        </p>
      </Step>

      <Step n={3} id="first-call" title="Make your first signed call" minutes="3 minutes">
        <p>
          On the application&apos;s page, open the <strong>API console</strong>. It signs with the application&apos;s keys (OAuth 1.0a) and shows the
          request, its <Code>Authorization</Code> header and the signature base string. Create a user: method <Code>POST</Code>, path{" "}
          <Code>/users</Code>, body:
        </p>
        <CodeBlock label="Create a user">{`{"login": "ada", "password": "correct-horse-battery"}`}</CodeBlock>
        <p>
          Send it: <Code>201 Created</Code>, with the new user&apos;s URL in <Code>Location</Code>. Then <Code>GET /users</Code> lists it. The same
          from a shell, signed like twurl:
        </p>
        <CodeBlock label="The same call from a shell">{`npx switchboard login ada --key <consumer key> --secret <consumer secret> --url http://localhost:3000
npx switchboard get /users
npx switchboard post /users --data '{"login":"grace","password":"correct-horse-battery"}'`}</CodeBlock>
        <p>
          (<Code>login</Code> needs the user to exist: create it in the console first. It saves the keys and the user&apos;s token in{" "}
          <Code>~/.config/switchboard/config.json</Code>, readable by you only.)
        </p>
      </Step>

      <Step n={4} id="watch" title="Watch your first event" minutes="2 minutes">
        <p>
          On the application&apos;s page, open <strong>Watch events</strong>. Every delivery the application gets appears there as it arrives, with
          its headers and <strong>signature valid</strong> (or why not), without any URL of your own: the application&apos;s built-in receiver is part
          of this server. Press <strong>Send test event</strong>, or make something happen: send an SMS from the console, or simulate an inbound SMS
          on a user&apos;s Messages page.
        </p>
        <CodeBlock label="Watch from a shell">{`npx switchboard events tail <domain>:<application>`}</CodeBlock>
        <p>
          When you have a public endpoint, set it as the notification URL: deliveries go there, signed the same way (
          <Link href="/docs/webhooks" className={link}>
            how to verify them
          </Link>
          ), and Watch events keeps showing a copy of each.
        </p>
      </Step>

      <section className="space-y-2 text-slate-700">
        <h2 className="text-xl font-semibold">Next</h2>
        <p>
          Every operation, with curl and TypeScript examples: the{" "}
          <Link href="/docs/api" className={link}>
            API reference
          </Link>
          . Webhooks, retries and signatures:{" "}
          <Link href="/docs/webhooks" className={link}>
            Receiving webhooks
          </Link>
          .
        </p>
      </section>
    </article>
  );
}
