import type { Prisma } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import { toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { mediaFolderScope } from "@/lib/media/media-scope";
import { findMediaDomain } from "./find-media";
import { toFolderEntry } from "./transform";

/** A page of the domain's folders the actor may read, by name. */
export async function listFolders(actor: Actor, domainName: string, query: ListQuery) {
  const domain = await findMediaDomain(actor, domainName);
  const where: Prisma.MediaFolderWhereInput = { AND: [{ domainId: domain.id }, mediaFolderScope(actor, "read"), query.where] };
  const [total, rows] = await Promise.all([
    prisma.mediaFolder.count({ where }),
    prisma.mediaFolder.findMany({ where, skip: query.skip, take: query.take, orderBy: [{ name: "asc" }, { id: "asc" }] }),
  ]);
  return toPage(query, total, rows.map(toFolderEntry));
}
