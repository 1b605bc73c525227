import type { Domain, Prisma } from "@prisma/client";
import { z } from "zod";
import { prisma } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/rest/api-error";
import type { AuthedContext } from "@/lib/rest/context";
import { parseListQuery, toPage, type Filterable } from "@/lib/rest/list-query";
import { domainName, isGuid } from "@/lib/validation";

export const domainBodySchema = z.strictObject({ name: domainName });

const domainFilterable: Filterable = {
  name: { type: "string", column: "name" },
  owner: { type: "uuid", column: "ownerId" },
};

export const toDomainEntry = (d: Domain) => ({ name: d.name, owner: d.ownerId });

/** The owner (developer) of the calling application's domain. */
async function callerOwnerId(ctx: AuthedContext): Promise<string> {
  const domain = await prisma.domain.findUniqueOrThrow({ where: { id: ctx.auth.domain.id }, select: { ownerId: true } });
  return domain.ownerId;
}

/** All domains are private: a user sees its own; an application sees those of its domain's owner. */
async function visibleDomains(ctx: AuthedContext): Promise<Prisma.DomainWhereInput> {
  return ctx.auth.user ? { id: ctx.auth.domain.id } : { ownerId: await callerOwnerId(ctx) };
}

/** Domain management is the application's own business: two-legged, never on a user's behalf. */
async function ownerForManagement(ctx: AuthedContext, request: Request): Promise<string> {
  if (ctx.auth.user) throw new ApiError("forbidden", "Domains are managed by the application: sign with the consumer key alone (two-legged).");
  const owner = await callerOwnerId(ctx);
  const named = request.headers.get("x-service-sp-userid");
  if (named !== null && (!isGuid(named) || named.toLowerCase() !== owner)) {
    throw new ApiError("forbidden", "X-Service-SP-UserId must be the GUID of the developer who owns this application's domain.");
  }
  return owner;
}

export async function listDomains(ctx: AuthedContext, params: URLSearchParams) {
  const query = parseListQuery(params, domainFilterable);
  const where: Prisma.DomainWhereInput = { AND: [await visibleDomains(ctx), query.where] };
  const [total, rows] = await prisma.$transaction([
    prisma.domain.count({ where }),
    prisma.domain.findMany({ where, skip: query.skip, take: query.take, orderBy: { name: "asc" } }),
  ]);
  return toPage(query, total, rows.map(toDomainEntry));
}

export async function getDomain(ctx: AuthedContext, name: string) {
  const domain = await prisma.domain.findFirst({ where: { AND: [{ name }, await visibleDomains(ctx)] } });
  if (!domain) throw notFound(`Domain ${name}`);
  return toDomainEntry(domain);
}

export async function createDomain(ctx: AuthedContext, request: Request, input: z.infer<typeof domainBodySchema>) {
  const ownerId = await ownerForManagement(ctx, request);
  if (await prisma.domain.findUnique({ where: { name: input.name } })) {
    throw new ApiError("conflict", `The domain name "${input.name}" is taken. Choose another one.`);
  }
  return toDomainEntry(await prisma.domain.create({ data: { name: input.name, ownerId } }));
}

/** Refused with 409 while the domain still has applications or users: delete those first. */
export async function deleteDomain(ctx: AuthedContext, request: Request, input: z.infer<typeof domainBodySchema>) {
  const ownerId = await ownerForManagement(ctx, request);
  await prisma.$transaction(async (tx) => {
    const domain = await tx.domain.findFirst({
      where: { name: input.name, ownerId },
      include: { _count: { select: { applications: true, users: true } } },
    });
    if (!domain) throw notFound(`Domain ${input.name}`);
    const { applications, users } = domain._count;
    if (applications || users) {
      throw new ApiError(
        "conflict",
        `Domain ${input.name} still has ${applications} application(s) and ${users} user(s). Delete them first, then the domain.`,
      );
    }
    await tx.domain.delete({ where: { id: domain.id } });
  });
}
