import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/page-header";
import { getCall } from "@/lib/calls/get-call";
import { orNotFound } from "@/lib/portal/or-not-found";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";
import { getUser } from "@/lib/users/get-user";
import { callPagePath, decodedSegment, userPagePath } from "../../user-path";
import { hangUpCallAction } from "../actions";
import { LiveCall } from "./live-call";

export const metadata: Metadata = { title: "Call" };
export const dynamic = "force-dynamic";

export default async function CallPage({ params }: { params: Promise<{ name: string; guid: string; callId: string }> }) {
  const { name, guid, callId } = await params;
  const domain = decodedSegment(name);
  const developer = await requireDeveloper(callPagePath(domain, guid, callId));
  const actor = developerActor(developer.id);
  const user = await orNotFound(() => getUser(actor, guid));
  if (user.domain !== domain) notFound();
  const call = await orNotFound(() => getCall(actor, user.guid, callId));
  return (
    <div className="space-y-8">
      <PageHeader
        back={{ href: `${userPagePath(domain, user.guid)}/calls`, label: `Calls of ${user.login}` }}
        title={`Call #${call.id}`}
        description={
          <>
            Placed through <span className="font-mono text-[0.95em] text-slate-800">{call.application}</span>. The same call is{" "}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm break-all">
              GET /rest/1.0/calls/{user.guid}/{call.id}
            </code>
            .
          </>
        }
      />
      <LiveCall initial={call} url={`/api/portal/users/${user.guid}/calls/${call.id}`} hangUp={hangUpCallAction.bind(null, user.guid, call.id)} />
    </div>
  );
}
