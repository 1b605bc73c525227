import { getEvent } from "@/lib/events/events";
import { developerActor } from "@/lib/core/tenancy/actor";
import { portalJson } from "../portal-json";

export const dynamic = "force-dynamic";

/** One event of the signed-in owner's application with every delivery attempt: the event page polls it. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string; eventId: string }> }) {
  const { id, eventId } = await params;
  return portalJson((developer) => getEvent(developerActor(developer.id), id, eventId));
}
