import { prisma } from "@/lib/db/client";
import { notFound } from "@/lib/errors/api-error";
import type { ListQuery } from "@/lib/rest/list-query";
import type { Actor } from "@/lib/tenancy/actor";
import { applicationScope } from "@/lib/tenancy/scope";
import { isGuid } from "@/lib/validation";
import { pageOfCalls } from "./list-calls";

/** A page of the calls placed through one application (the portal's Calls page of an application), newest first. */
export async function listApplicationCalls(actor: Actor, applicationId: string, query: ListQuery) {
  const app = isGuid(applicationId) && await prisma.application.findFirst({ where: { AND: [{ id: applicationId }, applicationScope(actor)] }, select: { id: true } });
  if (!app) throw notFound(`Application ${applicationId}`);
  return pageOfCalls(actor, { applicationId: app.id }, query);
}
