import type { Prisma } from "@prisma/client";
import { prisma } from "@/lib/db/client";
import { notFound } from "@/lib/errors/api-error";
import { toPage, type ListQuery } from "@/lib/rest/list-query";
import type { Actor } from "@/lib/tenancy/actor";
import { applicationScope, callScope } from "@/lib/tenancy/scope";
import { isGuid } from "@/lib/validation";
import { ensureCallsReady } from "./calls-ready";
import { toCallEntries } from "./get-call";
import { withLegs } from "./transform";

/** A page of the calls placed through one application (the portal's Calls page of an application), newest first. */
export async function listApplicationCalls(actor: Actor, applicationId: string, query: ListQuery) {
  await ensureCallsReady();
  const app = isGuid(applicationId) && await prisma.application.findFirst({ where: { AND: [{ id: applicationId }, applicationScope(actor)] }, select: { id: true } });
  if (!app) throw notFound(`Application ${applicationId}`);
  const where: Prisma.CallWhereInput = { AND: [{ applicationId: app.id }, callScope(actor), query.where] };
  const [total, rows] = await Promise.all([
    prisma.call.count({ where }),
    prisma.call.findMany({ where, include: withLegs, skip: query.skip, take: query.take, orderBy: [{ startTime: "desc" }, { id: "desc" }] }),
  ]);
  return toPage(query, total, await toCallEntries(rows));
}
