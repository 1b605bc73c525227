import { prisma } from "@/lib/db/client";
import { notFound } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/tenancy/actor";
import { domainScope } from "@/lib/tenancy/scope";
import { isStorableText } from "@/lib/validation";
import { toDomainEntry } from "./schemas";

export async function getDomainOrThrow(actor: Actor, name: string) {
  const domain = isStorableText(name) ? await prisma.domain.findFirst({ where: { AND: [{ name }, domainScope(actor)] } }) : null;
  if (!domain) throw notFound(`Domain ${name}`);
  return domain;
}

export async function getDomain(actor: Actor, name: string) {
  return toDomainEntry(await getDomainOrThrow(actor, name));
}
