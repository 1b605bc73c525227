import { revealWebhookSecret } from "@/lib/applications/webhook-secret";
import { developerActor } from "@/lib/core/tenancy/actor";
import { portalJson } from "../events/portal-json";

export const dynamic = "force-dynamic";

/** The webhook signing secret ("whsec_...") for the signed-in owner's explicit reveal (SWR fetch). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return portalJson(async (developer) => ({ secret: await revealWebhookSecret(developerActor(developer.id), id) }));
}
