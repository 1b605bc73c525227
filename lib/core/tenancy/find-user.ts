import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "./scoped-db";
import { isGuid } from "@/lib/core/validation";
import { withDomainName } from "./with-domain-name";

// The scoped user lookup every area that takes a user GUID needs (calls, devices, messages, billing, ...).

/** The user if the actor may see it; 404 otherwise (another tenant's user looks like no user). */
export async function getUserOrThrow(actor: Actor, guid: string) {
  const user = isGuid(guid) ? await scopedDb(actor).user.findFirst({ where: { id: guid.toLowerCase() }, include: withDomainName }) : null;
  if (!user) throw notFound(`User ${guid}`);
  return user;
}
