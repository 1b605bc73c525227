import { portalJson } from "@/app/api/portal/apps/[id]/events/portal-json";
import { getCall } from "@/lib/calls/get-call";
import { developerActor } from "@/lib/core/tenancy/actor";

export const dynamic = "force-dynamic";

/** One call of a user of the signed-in owner's domains, as GET /calls/<guid>/<id> answers it: the live view polls it. */
export async function GET(_request: Request, { params }: { params: Promise<{ guid: string; callId: string }> }) {
  const { guid, callId } = await params;
  return portalJson((developer) => getCall(developerActor(developer.id), guid, callId));
}
