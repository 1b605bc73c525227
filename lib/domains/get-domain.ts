import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { isStorableText } from "@/lib/core/validation";
import { toDomainEntry } from "./schemas";

export async function getDomainOrThrow(actor: Actor, name: string) {
  const domain = isStorableText(name) ? await scopedDb(actor).domain.findFirst({ where: { name } }) : null;
  if (!domain) throw notFound(`Domain ${name}`);
  return domain;
}

export async function getDomain(actor: Actor, name: string) {
  return toDomainEntry(await getDomainOrThrow(actor, name));
}
