import type { Metadata } from "next";
import { defaultCallerId } from "@/lib/calls/create-call";
import { notFound } from "next/navigation";
import { CallHistory, callHistoryQuery } from "@/components/call-history";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { listCalls } from "@/lib/calls/list-calls";
import { deviceFilterable } from "@/lib/devices/contracts";
import { listDevices } from "@/lib/devices/list-devices";
import { orNotFound } from "@/lib/portal/or-not-found";
import { requireDeveloper } from "@/lib/portal/session";
import { parseListQuery } from "@/lib/http/rest/list-query";
import { simulatorClockOffset } from "@/lib/simulator/advance-clock";
import { developerActor } from "@/lib/core/tenancy/actor";
import { getUser } from "@/lib/users/get-user";
import { callPagePath, decodedSegment, userPagePath } from "../user-path";
import { heldNumbersOf } from "@/lib/messages/list-thread";
import Link from "next/link";
import { link } from "@/components/styles";
import { SimulateInboundForm } from "../simulate-inbound-form";
import { advanceClockAction, placeTestCallAction, simulateInboundCallAction } from "./actions";
import { SimulatorClockForm } from "./simulator-clock-form";
import { TestCallForm } from "./test-call-form";

export const metadata: Metadata = { title: "Calls" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ name: string; guid: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UserCallsPage({ params, searchParams }: Props) {
  const { name, guid } = await params;
  const domain = decodedSegment(name);
  const basePath = `${userPagePath(domain, guid)}/calls`;
  const developer = await requireDeveloper(basePath);
  const actor = developerActor(developer.id);
  const user = await orNotFound(() => getUser(actor, guid));
  if (user.domain !== domain) notFound();
  const { filters, query } = callHistoryQuery(await searchParams);
  const [calls, devices, clockOffset, callerId, numbers] = await Promise.all([
    listCalls(actor, user.guid, query),
    listDevices(actor, user.guid, parseListQuery(new URLSearchParams({ count: "1" }), deviceFilterable)),
    simulatorClockOffset(actor, domain),
    defaultCallerId({ id: user.guid, callerId: user.callerId ?? null }),
    heldNumbersOf(actor, user.guid, false),
  ]);
  return (
    <div className="space-y-8">
      <PageHeader
        back={{ href: userPagePath(domain, user.guid), label: user.login }}
        title="Calls"
        description={<>Every call of {user.login}, newest first: placed through the API, as a guest with a token, or from here.</>}
      />
      <TestCallForm action={placeTestCallAction.bind(null, domain, user.guid)} from={devices.entry[0]?.id ?? ""} callerId={callerId} />
      <SimulateInboundForm
        kind="call"
        action={simulateInboundCallAction.bind(null, domain, user.guid)}
        numbers={numbers}
        noNumbers={
          <>
            Calls come in at purpose numbers, and {user.login} holds none yet. Add one on the{" "}
            <Link href={userPagePath(domain, user.guid)} className={link}>
              user&apos;s page
            </Link>{" "}
            (Add a purpose number), then simulate a call to it here.
          </>
        }
      />
      <SimulatorClockForm action={advanceClockAction.bind(null, domain, user.guid)} domain={domain} offsetSeconds={clockOffset} />
      <CallHistory
        page={calls}
        filters={filters}
        basePath={basePath}
        callHref={(call) => callPagePath(domain, user.guid, call.id)}
        empty={
          <EmptyState title="No calls yet">
            <p>
              Place a test call above, or call <span className="font-mono break-all">POST /rest/1.0/calls/{user.guid}</span> from an application. Each
              call shows up here with its legs and status.
            </p>
          </EmptyState>
        }
      />
    </div>
  );
}
