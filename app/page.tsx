import Link from "next/link";

const features = [
  { title: "Users and devices", body: "Create users in your domain; give them phone numbers, email and SIP addresses as devices." },
  { title: "Calls and messages", body: "Place calls, read voicemail and SMS, and get events at your application's notification URL." },
  { title: "Media", body: "A per-domain file system for IVR prompts and voicemail recordings, with access control lists." },
  { title: "OAuth 1.0a", body: "Every request is signed. Users approve your application on our page; they never give you their password." },
];

export default function HomePage() {
  return (
    <div className="space-y-12">
      <section className="space-y-5">
        <p className="text-sm font-medium uppercase tracking-wider text-brand-600">Self-hostable communications platform</p>
        <h1 className="max-w-3xl text-4xl font-semibold tracking-tight">
          Calls, messages, voicemail and media behind one REST API you run yourself.
        </h1>
        <p className="max-w-2xl text-lg text-slate-600">
          Switchboard gives your applications users, devices, calls, messages and media files under{" "}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-base">/rest/1.0</code>, and gives you a developer portal to create
          applications and domains and manage their keys.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link
            href="/signin"
            className="rounded-md bg-brand-500 px-4 py-2 font-medium text-white hover:bg-brand-600 dark:hover:bg-brand-500 dark:hover:brightness-110"
          >
            Sign in to the portal
          </Link>
          <Link
            href="/docs/getting-started"
            className="rounded-md border border-slate-300 bg-surface px-4 py-2 font-medium text-slate-800 hover:bg-slate-100"
          >
            Getting started
          </Link>
          <Link href="/docs/api" className="rounded-md border border-slate-300 bg-surface px-4 py-2 font-medium text-slate-800 hover:bg-slate-100">
            Read the API reference
          </Link>
        </div>
      </section>
      <section className="grid gap-4 sm:grid-cols-2">
        {features.map((f) => (
          <div key={f.title} className="rounded-lg border border-slate-200 bg-surface p-5">
            <h2 className="font-semibold">{f.title}</h2>
            <p className="mt-1 text-sm text-slate-600">{f.body}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
