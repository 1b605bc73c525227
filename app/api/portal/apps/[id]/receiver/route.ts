import { watchReceiver } from "@/lib/events/receiver";
import { developerActor } from "@/lib/core/tenancy/actor";
import { portalJson } from "../events/portal-json";

export const dynamic = "force-dynamic";

/** The built-in receiver's deliveries for the signed-in owner (the Watch events page polls it; each poll renews the watch). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return portalJson((developer) => watchReceiver(developerActor(developer.id), id));
}
