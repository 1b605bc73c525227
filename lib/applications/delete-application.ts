import { forgetCachedCredentials } from "@/lib/http/oauth/credential-cache";
import { ApiError, notFound } from "@/lib/core/errors/api-error";
import type { DeveloperActor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getOwnApplicationOrThrow } from "./get-application";

/**
 * Deletes an application with its tokens and delivery log. Refused (409) while it still holds live
 * user sessions unless `force`: those users would be signed out of it at once.
 */
export async function deleteApplication(actor: DeveloperActor, ref: string, options: { force?: boolean } = {}): Promise<void> {
  const app = await getOwnApplicationOrThrow(actor, ref);
  const sessions = await scopedDb(actor).accessToken.count({ where: { applicationId: app.id, revokedAt: null } });
  if (sessions > 0 && !options.force) {
    throw new ApiError("conflict", `${app.name} still has ${sessions} signed-in user session(s). Confirm to sign them out and delete it.`, {
      extra: { sessions },
    });
  }
  const { count } = await scopedDb(actor).application.deleteMany({ where: { id: app.id } });
  if (count === 0) throw notFound(`Application ${ref}`);
  forgetCachedCredentials();
}
