import { getEventLog } from "@/lib/events/webhook-status";
import { developerActor } from "@/lib/core/tenancy/actor";
import { portalJson } from "./portal-json";

export const dynamic = "force-dynamic";

/** One page of the signed-in owner's application events (?status, ?type, ?startIndex, ?count): the events page polls it. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const query = new URL(request.url).searchParams;
  return portalJson((developer) =>
    getEventLog(developerActor(developer.id), id, {
      status: query.get("status") || undefined,
      type: query.get("type")?.trim() || undefined,
      startIndex: query.get("startIndex") ?? undefined,
      count: query.get("count") ?? undefined,
    }),
  );
}
