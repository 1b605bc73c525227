import { prisma } from "@/lib/db/client";
import { forgetCachedCredentials } from "@/lib/oauth/credential-cache";
import { notFound } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/tenancy/actor";
import { userScope } from "@/lib/tenancy/scope";
import { isGuid } from "@/lib/validation";

/** Deletes the user; its devices and access tokens go with it (cascade). */
export async function deleteUser(actor: Actor, guid: string): Promise<void> {
  const { count } = isGuid(guid) ? await prisma.user.deleteMany({ where: { AND: [{ id: guid.toLowerCase() }, userScope(actor)] } }) : { count: 0 };
  if (count === 0) throw notFound(`User ${guid}`);
  forgetCachedCredentials();
}
