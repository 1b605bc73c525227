import { prisma } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { domainScope } from "@/lib/core/tenancy/scope";
import { isStorableText } from "@/lib/core/validation";
import { toDomainEntry } from "./schemas";

export async function getDomainOrThrow(actor: Actor, name: string) {
  const domain = isStorableText(name) ? await prisma.domain.findFirst({ where: { AND: [{ name }, domainScope(actor)] } }) : null;
  if (!domain) throw notFound(`Domain ${name}`);
  return domain;
}

export async function getDomain(actor: Actor, name: string) {
  return toDomainEntry(await getDomainOrThrow(actor, name));
}
