import type { Metadata } from "next";
import { Alert } from "@/components/alert";
import { EmptyState } from "@/components/empty-state";
import { formatDateTime, formatSize } from "@/lib/core/text/format";
import { PageHeader } from "@/components/page-header";
import { Pager } from "@/components/pager";
import { card, link } from "@/components/styles";
import { listMailbox, MAILBOX_PAGE_SIZE } from "@/lib/mail/list-mailbox";
import { mailDelivery } from "@/lib/mail/send-mail";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";

export const metadata: Metadata = { title: "Mailbox" };
export const dynamic = "force-dynamic";

/** The message text with its web links clickable. */
function MessageText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <pre className="font-sans text-sm break-words whitespace-pre-wrap text-slate-800">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className={`${link} break-all`}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

export default async function MailboxPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const developer = await requireDeveloper("/mailbox");
  const page = Math.max(0, Math.min(Number.parseInt((await searchParams).page ?? "0", 10) || 0, 10_000));
  const { total, messages } = await listMailbox(developerActor(developer.id), page);
  const smtp = mailDelivery() === "smtp";
  const pages = Math.ceil(total / MAILBOX_PAGE_SIZE);
  return (
    <div className="space-y-8">
      <PageHeader
        title="Mailbox"
        description={
          "Mail the platform sends to your users (verification emails, new voicemail) while no mail " +
          "server is set up: the demo works without one. Set SMTP_URL to send real mail."
        }
      />
      {smtp && (
        <Alert tone="info" title="Mail goes out through your SMTP server">
          SMTP_URL is set, so new mail is delivered to the real addresses; only what was sent before is kept here.
        </Alert>
      )}
      {messages.length === 0 ? (
        <EmptyState title="No mail yet">
          <p>Add an email device to one of your users (on its page under Domains) and its verification email shows up here.</p>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {messages.map((m) => (
            <li key={m.id} className={`${card} overflow-hidden`} data-testid="mailbox-message">
              <div className="space-y-0.5 border-b border-slate-100 bg-slate-50 px-5 py-3 text-sm">
                <p className="font-semibold break-words text-slate-900">{m.subject}</p>
                <p className="break-all text-slate-600">
                  To <span className="font-medium text-slate-800">{m.to}</span>
                  {m.domain ? ` (domain ${m.domain.name})` : ""}
                </p>
                <p className="text-xs text-slate-500">
                  From {m.from} · {formatDateTime(m.createdAt.toISOString())}
                </p>
              </div>
              <div className="px-5 py-4">
                <MessageText text={m.text} />
                {m.attachments.length > 0 && (
                  <ul className="mt-3 flex flex-wrap items-center gap-2" aria-label="Attachments">
                    <li className="text-xs font-medium text-slate-500">Attached:</li>
                    {m.attachments.map((a, i) => (
                      <li
                        key={i}
                        className="rounded-md border border-slate-200 bg-slate-50 px-2.5 py-1 text-xs text-slate-700"
                        data-testid="mailbox-attachment"
                      >
                        <span className="font-medium break-all text-slate-900">{a.filename}</span> · {formatSize(a.size)}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(p) => `/mailbox?page=${p}`} labels={["Newer", "Older"]} />
    </div>
  );
}
