import { currentDeveloper, type PortalDeveloper } from "@/lib/portal/session";
import { ApiError } from "@/lib/core/errors/api-error";

const noStore = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

/**
 * Answers a portal SWR fetch: 401 without a session, the ApiError's status and message (404 for
 * another developer's application or event), otherwise the JSON `load` returns. Never cached.
 */
export async function portalJson(load: (developer: PortalDeveloper) => Promise<unknown>): Promise<Response> {
  const developer = await currentDeveloper();
  if (!developer) return Response.json({ error: "Your session ended. Sign in again." }, { status: 401, headers: noStore });
  try {
    return Response.json(await load(developer), { headers: noStore });
  } catch (error) {
    if (error instanceof ApiError) return Response.json({ error: error.message }, { status: error.status, headers: noStore });
    throw error;
  }
}
