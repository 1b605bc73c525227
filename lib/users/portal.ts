import { hashPassword } from "@/lib/crypto/password";
import { prisma } from "@/lib/db/client";
import { notFound } from "@/lib/rest/api-error";
import { password as passwordRule } from "@/lib/validation";
import { createUserSchema, type CreateUserInput } from "./schemas";
import { toUserEntry } from "./transform";
import { createUserInDomain } from "./users";

// The developer portal's user management: only users of domains the developer owns.

async function ownedDomainOrThrow(developerId: string, domainName: string) {
  const domain = await prisma.domain.findFirst({ where: { name: domainName, ownerId: developerId } });
  if (!domain) throw notFound(`Domain ${domainName}`);
  return domain;
}

async function ownedUserOrThrow(developerId: string, userId: string) {
  const user = /^[0-9a-f-]{36}$/i.test(userId)
    ? await prisma.user.findFirst({ where: { id: userId, domain: { ownerId: developerId } }, include: { domain: true } })
    : null;
  if (!user) throw notFound("User");
  return user;
}

export async function createDomainUser(developerId: string, domainName: string, input: CreateUserInput) {
  const domain = await ownedDomainOrThrow(developerId, domainName);
  const data = createUserSchema.parse(input);
  const user = await prisma.$transaction((tx) => createUserInDomain(domain, data, "portal", tx));
  return toUserEntry(user, domain.name);
}

/** Sets a new password and marks it for reset at the user's next login. */
export async function resetUserPassword(developerId: string, userId: string, newPassword: string) {
  const user = await ownedUserOrThrow(developerId, userId);
  const plain = passwordRule.parse(newPassword);
  await prisma.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(plain), pwdStatus: "reset" } });
}

export async function deleteDomainUser(developerId: string, userId: string) {
  const user = await ownedUserOrThrow(developerId, userId);
  await prisma.user.delete({ where: { id: user.id } });
}
