import type { Prisma } from "@prisma/client";
import { hashPassword } from "@/lib/crypto/password";
import { prisma, type Tx } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/rest/api-error";
import type { AuthedContext } from "@/lib/rest/context";
import { parseListQuery, toPage, type Filterable } from "@/lib/rest/list-query";
import { isGuid } from "@/lib/validation";
import type { CreateUserInput, UpdateUserInput } from "./schemas";
import { toUserEntry } from "./transform";

export const userFilterable: Filterable = {
  guid: { type: "uuid", column: "id" },
  login: { type: "string", column: "login" },
  firstName: { type: "string", column: "firstName" },
  lastName: { type: "string", column: "lastName" },
  createdOn: { type: "datetime", column: "createdAt" },
  pwdStatus: { type: "string", column: "pwdStatus" },
};

/** The users a caller may see: the application (two-legged) sees its domain's, a user only itself. */
function visibleUsers(ctx: AuthedContext): Prisma.UserWhereInput {
  return { domainId: ctx.auth.domain.id, ...(ctx.auth.user ? { id: ctx.auth.user.id } : {}) };
}

/** A user's default device: its email address when the login is one, else a SIP address. */
export function defaultDeviceAddress(login: string, domain: string): string {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(login) ? `mailto:${login.toLowerCase()}` : `sip:${login}@${domain}`;
}

/** Creates a user and its default device in one transaction; a taken login is a 409. */
export async function createUserInDomain(
  domain: { id: string; name: string },
  input: CreateUserInput,
  createdWith: string,
  tx: Tx = prisma,
) {
  const taken = await tx.user.findUnique({ where: { domainId_login: { domainId: domain.id, login: input.login } } });
  if (taken) throw new ApiError("conflict", `A user with login "${input.login}" already exists in domain ${domain.name}.`);
  return tx.user.create({
    data: {
      domainId: domain.id,
      login: input.login,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      createdWith,
      devices: { create: { address: defaultDeviceAddress(input.login, domain.name), isDefault: true } },
    },
  });
}

export async function createUser(ctx: AuthedContext, input: CreateUserInput) {
  if (ctx.auth.user) {
    throw new ApiError("forbidden", "Users are created by the application itself: sign this request with the consumer key alone (two-legged).");
  }
  const user = await prisma.$transaction((tx) => createUserInDomain(ctx.auth.domain, input, ctx.auth.application.publicId, tx));
  return toUserEntry(user, ctx.auth.domain.name);
}

export async function listUsers(ctx: AuthedContext, params: URLSearchParams) {
  const query = parseListQuery(params, userFilterable);
  const where: Prisma.UserWhereInput = { AND: [visibleUsers(ctx), query.where] };
  const [total, rows] = await prisma.$transaction([
    prisma.user.count({ where }),
    prisma.user.findMany({ where, skip: query.skip, take: query.take, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  return toPage(query, total, rows.map((u) => toUserEntry(u, ctx.auth.domain.name)));
}

export async function getUserOrThrow(ctx: AuthedContext, guid: string) {
  const user = isGuid(guid) ? await prisma.user.findFirst({ where: { AND: [{ id: guid.toLowerCase() }, visibleUsers(ctx)] } }) : null;
  if (!user) throw notFound(`User ${guid}`);
  return user;
}

export async function getUser(ctx: AuthedContext, guid: string) {
  return toUserEntry(await getUserOrThrow(ctx, guid), ctx.auth.domain.name);
}

export async function updateUser(ctx: AuthedContext, guid: string, input: UpdateUserInput) {
  const user = await getUserOrThrow(ctx, guid);
  const updated = await prisma.user.update({
    where: { id: user.id },
    data: {
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      ...(input.locale !== undefined ? { locale: input.locale } : {}),
      ...(input.password ? { passwordHash: await hashPassword(input.password), pwdStatus: "ok" } : {}),
      ...(input.pwdStatus ? { pwdStatus: input.pwdStatus } : {}),
    },
  });
  return toUserEntry(updated, ctx.auth.domain.name);
}

/** Deletes the user; its devices and access tokens go with it (cascade). */
export async function deleteUser(ctx: AuthedContext, guid: string): Promise<void> {
  const user = await getUserOrThrow(ctx, guid);
  await prisma.user.delete({ where: { id: user.id } });
}
