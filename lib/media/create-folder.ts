import { prisma } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { CALL_FOLDER_PREFIX } from "@/lib/core/tenancy/scope";
import { creatorFields, findMediaDomain } from "./find-media";
import { unlessTaken } from "@/lib/core/errors/known-errors";
import { toFolderEntry } from "./transform";

/** Creates a folder the actor alone can reach until it sets an ACL (access rule 1). A taken name is a 409. */
export async function createFolder(actor: Actor, domainName: string, name: string) {
  if (name.startsWith(CALL_FOLDER_PREFIX)) {
    throw new ApiError(
      "forbidden",
      `Folder names starting with "${CALL_FOLDER_PREFIX}" hold call recordings and voicemail; the service creates them.`,
    );
  }
  const domain = await findMediaDomain(actor, domainName);
  const folder = await unlessTaken(
    prisma.mediaFolder.create({ data: { domainId: domain.id, name, ...creatorFields(actor) } }),
    `A media folder named "${name}" already exists in domain ${domain.name}.`,
  );
  return toFolderEntry(folder);
}
