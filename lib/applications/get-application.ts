import type { Prisma } from "@prisma/client";
import { ApiError, notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { ownApplicationScope } from "@/lib/core/tenancy/scope";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { isGuid, isStorableText } from "@/lib/core/validation";
import { toApplicationEntry, toPortalApplication } from "./transform";

/**
 * An application named by its public id "<domain>:<name>" (the API) or its internal GUID (the
 * portal's URLs); anything else names nothing.
 */
export function applicationRef(ref: string): Prisma.ApplicationWhereInput | undefined {
  if (!isStorableText(ref)) return undefined;
  if (isGuid(ref)) return { id: ref.toLowerCase() };
  const i = ref.indexOf(":");
  return i > 0 ? { name: ref.slice(i + 1), domain: { name: ref.slice(0, i) } } : undefined;
}

/** The application if the actor sees it; `narrower` restricts a read further (those it administers). */
async function findApplication(actor: Actor, ref: string, narrower: Prisma.ApplicationWhereInput = {}) {
  const where = applicationRef(ref);
  return where ? scopedDb(actor).application.findFirst({ where: { AND: [where, narrower] }, include: { domain: true } }) : null;
}

async function findApplicationOrThrow(actor: Actor, ref: string) {
  const app = await findApplication(actor, ref);
  if (!app) throw notFound(`Application ${ref}`);
  return app;
}

/** An application the actor may see: through the API, those of its own domain. */
export const getApplicationOrThrow = (actor: Actor, ref: string) => findApplicationOrThrow(actor, ref);

/**
 * An application the actor administers: through the API only itself, two-legged; in the portal, the
 * developer's. One the actor can see but not administer (a sibling in its domain) is a 403.
 */
export async function getOwnApplicationOrThrow(actor: Actor, ref: string) {
  const own = await findApplication(actor, ref, ownApplicationScope(actor));
  if (own) return own;
  await findApplicationOrThrow(actor, ref);
  throw new ApiError("forbidden", "Only the application itself, signing with its consumer key alone (two-legged), can do this.");
}

export async function getApplication(actor: Actor, ref: string) {
  return toApplicationEntry(await getApplicationOrThrow(actor, ref));
}

/** The portal's view of one application the developer owns: internal id and consumer key included. */
export async function getPortalApplication(actor: Actor, ref: string) {
  return toPortalApplication(await getOwnApplicationOrThrow(actor, ref));
}
