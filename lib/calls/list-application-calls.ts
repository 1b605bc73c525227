import { notFound } from "@/lib/core/errors/api-error";
import type { ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { isGuid } from "@/lib/core/validation";
import { pageOfCalls } from "./list-calls";

/** A page of the calls placed through one application (the portal's Calls page of an application), newest first. */
export async function listApplicationCalls(actor: Actor, applicationId: string, query: ListQuery) {
  const app = isGuid(applicationId) && (await scopedDb(actor).application.findFirst({ where: { id: applicationId }, select: { id: true } }));
  if (!app) throw notFound(`Application ${applicationId}`);
  return pageOfCalls(actor, { applicationId: app.id }, query);
}
