import { forgetCachedCredentials } from "@/lib/http/oauth/credential-cache";
import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { isGuid } from "@/lib/core/validation";

/** Deletes the user; its devices and access tokens go with it (cascade). */
export async function deleteUser(actor: Actor, guid: string): Promise<void> {
  const { count } = isGuid(guid) ? await scopedDb(actor).user.deleteMany({ where: { id: guid.toLowerCase() } }) : { count: 0 };
  if (count === 0) throw notFound(`User ${guid}`);
  forgetCachedCredentials();
}
