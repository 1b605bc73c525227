import { revealConsumerSecret } from "@/lib/applications/secrets";
import { developerActor } from "@/lib/core/tenancy/actor";
import { ApiError } from "@/lib/core/errors/api-error";
import { currentDeveloper } from "@/lib/portal/session";

export const dynamic = "force-dynamic";

const noStore = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

/** The plain consumer secret for the signed-in owner's explicit reveal (the portal's SWR fetch). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const developer = await currentDeveloper();
  if (!developer) return Response.json({ error: "Your session ended. Sign in again." }, { status: 401, headers: noStore });
  const { id } = await params;
  try {
    return Response.json({ secret: await revealConsumerSecret(developerActor(developer.id), id) }, { headers: noStore });
  } catch (error) {
    if (error instanceof ApiError) return Response.json({ error: error.message }, { status: error.status, headers: noStore });
    throw error;
  }
}
