import { z } from "zod";
import { prisma } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/rest/api-error";
import type { AuthedContext } from "@/lib/rest/context";
import { parseListQuery, toPage, type Filterable } from "@/lib/rest/list-query";
import { assertDeliverableUrl } from "@/lib/events/ssrf";
import { notificationUrl } from "@/lib/validation";
import { toApplicationEntry } from "./transform";

export const updateApplicationSchema = z
  .strictObject({
    notificationUrl: notificationUrl.nullable().optional(),
    allow2legged: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "send notificationUrl and/or allow2legged");

const applicationFilterable: Filterable = {
  name: { type: "string", column: "name" },
  createdOn: { type: "datetime", column: "createdAt" },
};

/** Splits "<domain>:<name>"; anything else cannot name an application. */
function parsePublicId(publicId: string): { domain: string; name: string } | undefined {
  const i = publicId.indexOf(":");
  return i > 0 ? { domain: publicId.slice(0, i), name: publicId.slice(i + 1) } : undefined;
}

/** The caller sees the applications of its own domain only. */
export async function listApplications(ctx: AuthedContext, params: URLSearchParams) {
  const query = parseListQuery(params, applicationFilterable);
  const where = { AND: [{ domainId: ctx.auth.domain.id }, query.where] };
  const [total, rows] = await prisma.$transaction([
    prisma.application.count({ where }),
    prisma.application.findMany({ where, include: { domain: true }, skip: query.skip, take: query.take, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  return toPage(query, total, rows.map(toApplicationEntry));
}

async function getApplicationOrThrow(ctx: AuthedContext, publicId: string) {
  const id = parsePublicId(publicId);
  const app = id
    ? await prisma.application.findFirst({
        where: { name: id.name, domain: { name: id.domain }, domainId: ctx.auth.domain.id },
        include: { domain: true },
      })
    : null;
  if (!app) throw notFound(`Application ${publicId}`);
  return app;
}

export async function getApplication(ctx: AuthedContext, publicId: string) {
  return toApplicationEntry(await getApplicationOrThrow(ctx, publicId));
}

/** An application's settings and events belong to that application, signing two-legged. */
export async function getOwnApplicationOrThrow(ctx: AuthedContext, publicId: string) {
  const app = await getApplicationOrThrow(ctx, publicId);
  if (app.id !== ctx.auth.application.id || ctx.auth.user) {
    throw new ApiError("forbidden", "Only the application itself, signing with its consumer key alone (two-legged), can do this.");
  }
  return app;
}

export async function updateApplication(ctx: AuthedContext, publicId: string, input: z.infer<typeof updateApplicationSchema>) {
  const app = await getOwnApplicationOrThrow(ctx, publicId);
  if (input.notificationUrl) await assertDeliverableUrl(input.notificationUrl);
  const updated = await prisma.application.update({
    where: { id: app.id },
    data: {
      // A new URL re-enables an endpoint that answered 410 Gone.
      ...(input.notificationUrl !== undefined ? { notificationUrl: input.notificationUrl, webhookDisabledAt: null } : {}),
      ...(input.allow2legged !== undefined ? { allow2legged: input.allow2legged } : {}),
    },
    include: { domain: true },
  });
  return toApplicationEntry(updated);
}
