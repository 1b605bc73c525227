import { prisma } from "@/lib/db/client";
import { notFound } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/tenancy/actor";
import { userScope } from "@/lib/tenancy/scope";
import { isGuid } from "@/lib/validation";
import { toUserEntry, withDomainName } from "./transform";

/** The user if the actor may see it; 404 otherwise (another tenant's user looks like no user). */
export async function getUserOrThrow(actor: Actor, guid: string) {
  const user = isGuid(guid)
    ? await prisma.user.findFirst({ where: { AND: [{ id: guid.toLowerCase() }, userScope(actor)] }, include: withDomainName })
    : null;
  if (!user) throw notFound(`User ${guid}`);
  return user;
}

export async function getUser(actor: Actor, guid: string) {
  return toUserEntry(await getUserOrThrow(actor, guid));
}
