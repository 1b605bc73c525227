import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EmptyState } from "@/components/empty-state";
import { formatDateTime } from "@/lib/core/text/format";
import { PageHeader } from "@/components/page-header";
import { card, link } from "@/components/styles";
import { messageFilterable } from "@/lib/messages/contracts";
import { getMessage } from "@/lib/messages/get-message";
import { listFolders, listMessages } from "@/lib/messages/list-messages";
import { counterpartOf, listSmsThread, smsNumbersOf } from "@/lib/messages/list-thread";
import { folderName, type MessageEntry } from "@/lib/messages/schemas";
import { orNotFound } from "@/lib/portal/or-not-found";
import { requireDeveloper } from "@/lib/portal/session";
import { parseListQuery } from "@/lib/http/rest/list-query";
import { developerActor } from "@/lib/core/tenancy/actor";
import { audioLink } from "@/lib/voicemail/audio-link";
import { getUser } from "@/lib/users/get-user";
import { decodedSegment, userPagePath } from "../user-path";
import { SimulateInboundForm } from "../simulate-inbound-form";
import { deleteAction, markAction, moveAction, sendSmsAction, simulateInboundSmsAction } from "./actions";
import { MessageActions, SendSmsForm } from "./message-forms";
import { messagesPagePath } from "./messages-path";
import { countOf } from "@/lib/core/text/count-of";

export const metadata: Metadata = { title: "Messages" };
export const dynamic = "force-dynamic";

const TYPE_NAMES: Record<MessageEntry["type"], string> = {
  Voicemail: "Voicemail",
  BroadcastVoiceMail: "Broadcast voicemail",
  InboundAudioMessage: "Audio message",
  OutboundAudioMessage: "Sent audio message",
  InboundSms: "SMS",
  OutboundSms: "Sent SMS",
};
const isSms = (m: MessageEntry) => m.type === "InboundSms" || m.type === "OutboundSms";
const phone = (address?: string) => address?.replace(/^tel:/, "+") ?? "unknown";
const who = (m: MessageEntry) => (m.type.startsWith("Outbound") ? `To ${m.dest?.split(",").map(phone).join(", ")}` : `From ${phone(m.from)}`);

function StatusPill({ status }: { status: string }) {
  const tone =
    status === "FAILED"
      ? "bg-red-100 text-red-800"
      : status === "DELIVERED" || status === "READ"
        ? "bg-emerald-100 text-emerald-800"
        : status === "NEW" || status === "URGENT"
          ? "bg-brand-50 text-brand-700"
          : "bg-slate-100 text-slate-700";
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>{status}</span>;
}

export default async function MessagesPage({
  params,
  searchParams,
}: {
  params: Promise<{ name: string; guid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ name: rawName, guid }, query] = await Promise.all([params, searchParams]);
  const domain = decodedSegment(rawName);
  const requested = typeof query.folder === "string" && folderName.safeParse(query.folder).success ? query.folder : "inbox";
  const developer = await requireDeveloper(messagesPagePath(domain, guid, requested));
  const actor = developerActor(developer.id);
  const user = await orNotFound(() => getUser(actor, guid));
  if (user.domain !== domain) notFound();

  const [folders, page, numbers] = await Promise.all([
    listFolders(actor, user.guid),
    listMessages(actor, user.guid, requested, parseListQuery(new URLSearchParams({ count: "50" }), messageFilterable)),
    smsNumbersOf(actor, user.guid),
  ]);
  const selectedId = typeof query.message === "string" ? query.message : undefined;
  const selected = selectedId ? await getMessage(actor, user.guid, requested, selectedId).catch(() => undefined) : undefined;
  const audioUrl = selected?.mediaItems[0] ? await audioLink(actor, selected.mediaItems[0]) : undefined;
  const counterpart = selected && isSms(selected) ? counterpartOf(selected) : undefined;
  const thread = counterpart ? await listSmsThread(actor, user.guid, counterpart) : [];
  const folderNames = folders.map((f) => f.name).filter((f) => f !== requested);

  return (
    <div className="space-y-6">
      <PageHeader
        back={{ href: userPagePath(domain, user.guid), label: user.login }}
        title="Messages"
        description={
          <>
            {user.login}&apos;s voicemail, audio messages and SMS, by folder. The same messages the API serves at{" "}
            <span className="font-mono text-sm break-all">/messages/{user.guid}</span>.
          </>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[13rem_minmax(0,1fr)]">
        <nav aria-label="Folders" className={`${card} h-fit p-2`}>
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {folders.map((f) => (
              <li key={f.name}>
                <Link
                  href={messagesPagePath(domain, user.guid, f.name)}
                  aria-current={f.name === requested ? "page" : undefined}
                  className={
                    "flex items-center justify-between gap-3 rounded-md px-3 py-2 text-sm whitespace-nowrap " +
                    (f.name === requested ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100")
                  }
                >
                  <span className="flex flex-col">
                    <span className="capitalize">{f.name}</span>
                    <span className="text-xs font-normal text-slate-600">{countOf(f.total, "message")}</span>
                  </span>
                  {f.unread > 0 && <span className="rounded-full bg-brand-500 px-2 py-0.5 text-xs font-semibold text-white">{f.unread} unread</span>}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="min-w-0 space-y-6">
          {selected && (
            <section className={`${card} space-y-4 p-5`} aria-labelledby="message-heading">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 id="message-heading" className="font-semibold text-slate-900">
                    {TYPE_NAMES[selected.type]} · {who(selected)}
                  </h2>
                  <p className="text-sm text-slate-500">
                    {formatDateTime(selected.time)}
                    {selected.duration !== undefined ? ` · ${selected.duration} s` : ""}
                    {selected.label ? ` · label ${selected.label}` : ""}
                  </p>
                </div>
                <StatusPill status={selected.status} />
              </div>

              {selected.mediaItems.length > 0 && (
                <div className="space-y-2 rounded-md bg-slate-50 p-3" data-testid="message-audio" data-media-path={selected.mediaItems[0]}>
                  <p className="text-sm font-medium text-slate-800">Recording</p>
                  {audioUrl ? (
                    <audio
                      controls
                      preload="metadata"
                      src={audioUrl}
                      className="w-full max-w-md"
                      aria-label={`Play the ${TYPE_NAMES[selected.type].toLowerCase()} from ${phone(selected.from)}`}
                    />
                  ) : (
                    <p className="text-sm text-slate-600">The recording is no longer in this domain&apos;s media.</p>
                  )}
                  <p className="text-xs break-all text-slate-500">{selected.mediaItems[0]}</p>
                  <div>
                    <p className="text-sm font-medium text-slate-800">Transcript</p>
                    <p className="text-sm text-slate-700">
                      {selected.transcript ??
                        (selected.transcriptionStatus === "pending" ? (
                          "Being transcribed…"
                        ) : (
                          <>
                            No transcript: turn a transcription service on for this folder or for voicemail under Transcription on the{" "}
                            <Link href={userPagePath(domain, user.guid)} className={link}>
                              user&apos;s page
                            </Link>
                            .
                          </>
                        ))}
                    </p>
                  </div>
                </div>
              )}

              {counterpart ? (
                <div className="space-y-4">
                  <ol className="space-y-2" aria-label={`Conversation with ${phone(counterpart)}`}>
                    {thread.map((m) => {
                      const mine = m.type === "OutboundSms";
                      return (
                        <li key={m.id} className={`flex ${mine ? "justify-end" : "justify-start"}`}>
                          <div
                            className={
                              `max-w-[85%] rounded-lg px-3 py-2 text-sm ${mine ? "bg-brand-500 text-white" : "bg-slate-100 text-slate-900"} ` +
                              `${m.id === selected.id ? "ring-2 ring-brand-100" : ""}`
                            }
                          >
                            <p className="break-words whitespace-pre-wrap">{m.body}</p>
                            <p className={`mt-1 text-xs ${mine ? "text-white" : "text-slate-500"}`}>
                              {formatDateTime(m.time)}
                              {mine ? ` · ${m.recipients?.find((r) => r.destination === counterpart)?.status ?? m.status}` : ""}
                            </p>
                          </div>
                        </li>
                      );
                    })}
                  </ol>
                  {numbers.length > 0 && (
                    <SendSmsForm
                      action={sendSmsAction.bind(null, domain, user.guid)}
                      numbers={numbers}
                      to={counterpart}
                      heading={`Reply to ${phone(counterpart)}`}
                    />
                  )}
                </div>
              ) : (
                selected.body && <p className="text-sm whitespace-pre-wrap text-slate-800">{selected.body}</p>
              )}

              <MessageActions
                key={`${selected.id}-${selected.folder}-${selected.new}`}
                isNew={selected.new}
                inDeleted={selected.folder === "deleted"}
                folders={folderNames}
                markAction={markAction.bind(null, domain, user.guid, selected.folder, selected.id, { new: !selected.new })}
                moveAction={moveAction.bind(null, domain, user.guid, selected.folder, selected.id)}
                deleteAction={deleteAction.bind(null, domain, user.guid, selected.folder, selected.id)}
              />
            </section>
          )}
          {selectedId && !selected && (
            <p className="text-sm text-slate-600">
              That message is no longer in {requested}.{" "}
              <Link href={messagesPagePath(domain, user.guid, requested)} className={link}>
                Back to {requested}
              </Link>
            </p>
          )}

          <section className="space-y-3" aria-labelledby="folder-heading">
            <h2 id="folder-heading" className="text-lg font-semibold capitalize">
              {requested} <span className="font-normal text-slate-500 normal-case">({page.totalResults})</span>
            </h2>
            {page.entry.length === 0 ? (
              <EmptyState title={`No messages in ${requested.charAt(0).toUpperCase()}${requested.slice(1)}`}>
                <p>
                  {requested === "inbox"
                    ? "Voicemail, audio messages and SMS sent to this user's purpose numbers arrive here."
                    : requested === "sent"
                      ? "SMS this user sends appear here with each recipient's delivery status."
                      : requested === "deleted"
                        ? "Deleted messages wait here until they are deleted for good."
                        : "Move a message here to file it."}
                </p>
              </EmptyState>
            ) : (
              <ul className={`${card} divide-y divide-slate-100`}>
                {page.entry.map((m) => (
                  <li key={m.id}>
                    <Link
                      href={messagesPagePath(domain, user.guid, requested, m.id)}
                      aria-current={m.id === selected?.id ? "true" : undefined}
                      className={
                        `flex flex-col gap-1 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center ` +
                        `sm:justify-between ${m.id === selected?.id ? "bg-brand-50" : ""}`
                      }
                    >
                      <span className="min-w-0">
                        <span className={`block text-sm ${m.new ? "font-semibold text-slate-900" : "text-slate-800"}`}>
                          {TYPE_NAMES[m.type]} · {who(m)}
                        </span>
                        <span className="block truncate text-sm text-slate-500">
                          {m.body ?? m.title ?? m.transcript ?? (m.duration !== undefined ? `${m.duration} s of audio` : "")}
                        </span>
                      </span>
                      <span className="flex shrink-0 items-center gap-2 text-xs text-slate-500">
                        {formatDateTime(m.time)}
                        <StatusPill status={m.status} />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className={`${card} space-y-3 p-5`} aria-labelledby="new-sms-heading">
            <h2 id="new-sms-heading" className="font-semibold">
              Send an SMS
            </h2>
            {numbers.length === 0 ? (
              <p className="text-sm text-slate-600">
                This user has no SMS number yet. Allocate one on the{" "}
                <Link href={userPagePath(domain, user.guid)} className={link}>
                  user&apos;s page
                </Link>{" "}
                (Add a purpose number, with &quot;Only a number that can send and receive SMS&quot;), then send from it here.
              </p>
            ) : (
              <>
                <p className="text-sm text-slate-600">Each recipient costs one SMS from the user&apos;s billing account.</p>
                <SendSmsForm action={sendSmsAction.bind(null, domain, user.guid)} numbers={numbers} heading="New SMS" />
              </>
            )}
          </section>

          <SimulateInboundForm
            kind="sms"
            action={simulateInboundSmsAction.bind(null, domain, user.guid)}
            numbers={numbers}
            noNumbers={
              <>
                SMS come in at SMS numbers, and {user.login} holds none yet. Allocate one on the{" "}
                <Link href={userPagePath(domain, user.guid)} className={link}>
                  user&apos;s page
                </Link>{" "}
                (Add a purpose number, with &quot;Only a number that can send and receive SMS&quot;).
              </>
            }
          />
        </div>
      </div>
    </div>
  );
}
