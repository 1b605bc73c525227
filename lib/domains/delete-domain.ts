import { deleteDomainBlobs, deleteDomainMediaRows } from "@/lib/media/delete-folder";
import { ApiError, notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { managedDomainScope } from "@/lib/core/tenancy/scope";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { domainOwnerFor } from "./create-domain";
import { countOf } from "@/lib/core/text/count-of";

/** Refused with 409 while the domain still has applications or users: delete those first. Its media goes with it. */
export async function deleteDomain(actor: Actor, input: { name: string }, namedOwner: string | null = null): Promise<void> {
  await domainOwnerFor(actor, namedOwner);
  const blobKeys = await scopedDb(actor).$transaction(async (tx) => {
    const domain = await tx.domain.findFirst({
      // A read sees every visible domain; deleting one takes the narrower scope of those the actor manages.
      where: { AND: [{ name: input.name }, managedDomainScope(actor)] },
      include: { _count: { select: { applications: true, users: true } } },
    });
    if (!domain) throw notFound(`Domain ${input.name}`);
    const { applications, users } = domain._count;
    if (applications || users) {
      throw new ApiError(
        "conflict",
        `Domain ${input.name} still has ` +
          `${[applications && countOf(applications, "application"), users && countOf(users, "user")].filter(Boolean).join(" and ")}. ` +
          `Delete them first, then the domain.`,
      );
    }
    if (domain.isDefault) throw new ApiError("conflict", `Domain ${input.name} is the default domain and cannot be deleted.`);
    const keys = await deleteDomainMediaRows(tx, domain.id); // media has no foreign key to Domain
    await tx.domain.deleteMany({ where: { id: domain.id } });
    return keys;
  });
  await deleteDomainBlobs(blobKeys);
}
