import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { link } from "@/components/styles";
import { developerActor } from "@/lib/core/tenancy/actor";
import { watchReceiver } from "@/lib/events/receiver";
import { getApplicationWebhook } from "@/lib/events/webhook-status";
import { orNotFound } from "@/lib/portal/or-not-found";
import { requireDeveloper } from "@/lib/portal/session";
import { sendTestEventAction } from "../events/actions";
import { SendTestEventButton } from "../events/send-test-event-button";
import { WatchList } from "./watch-list";

export const metadata: Metadata = { title: "Watch events" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

/** The application's built-in receiver, live: every delivery while this page is open (docs/webhooks.md). */
export default async function WatchEventsPage({ params }: Props) {
  const { id } = await params;
  const developer = await requireDeveloper(`/apps/${id}/watch`);
  const actor = developerActor(developer.id);
  const webhook = await orNotFound(() => getApplicationWebhook(actor, id));
  // Opening the page starts the watch: deliveries from now on are copied to the built-in receiver.
  const initial = await watchReceiver(actor, webhook.internalId);
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ href: `/apps/${webhook.internalId}`, label: webhook.displayName }}
        title="Watch events"
        description={
          <>
            Every delivery to <span className="font-mono text-[0.95em] text-slate-800">{webhook.id}</span> appears here as it arrives at the
            application&apos;s built-in receiver, with its headers and whether its signature verifies. No URL needed: the receiver is part of this
            server, and deliveries reach it through the same sender and signer as your notification URL.
          </>
        }
        action={<SendTestEventButton appId={webhook.internalId} action={sendTestEventAction.bind(null, webhook.internalId)} />}
      />
      <p className="text-sm text-slate-600" data-testid="watch-target">
        {webhook.notificationUrl ? (
          <>
            Deliveries also go to the notification URL <span className="font-mono [overflow-wrap:anywhere]">{webhook.notificationUrl}</span>; their
            status is in the{" "}
            <Link href={`/apps/${webhook.internalId}/events`} className={link}>
              delivery log
            </Link>
            .
          </>
        ) : (
          <>
            No notification URL is set: while you watch, events are delivered here instead of being recorded unsent. The{" "}
            <Link href={`/apps/${webhook.internalId}/events`} className={link}>
              delivery log
            </Link>{" "}
            keeps every event.
          </>
        )}{" "}
        From a shell: <code className="font-mono text-[0.9em]">npx switchboard events tail {webhook.id}</code>.
      </p>
      <WatchList appId={webhook.internalId} initial={initial} />
    </div>
  );
}
