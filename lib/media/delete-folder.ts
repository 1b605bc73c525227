import { prisma } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { blobStore } from "./configured-blob-store";
import { findFolder } from "./find-media";
import { deleteBlobs } from "./delete-file";
import { countOf } from "@/lib/core/text/count-of";

/** Deletes a folder the actor may write; with files in it only when recursive (409 otherwise). */
export async function deleteFolder(actor: Actor, domainName: string, folderName: string, recursive: boolean): Promise<void> {
  const { folder } = await findFolder(actor, domainName, folderName, "write");
  const keys = await prisma.$transaction(async (tx) => {
    const files = await tx.mediaFile.findMany({ where: { folderId: folder.id }, select: { blobKey: true } });
    if (files.length && !recursive) {
      throw new ApiError(
        "conflict",
        `Media folder ${folderName} holds ${countOf(files.length, "file")}: delete them first, or send ?recursive=true.`,
      );
    }
    await tx.mediaFolder.deleteMany({ where: { id: folder.id, domainId: folder.domainId } }); // its files go with it (cascade)
    return files.map((f) => f.blobKey);
  });
  await deleteBlobs(blobStore(), keys);
}

type Tx = Pick<typeof prisma, "mediaFile" | "mediaFolder">;

/** Inside a domain's deletion: removes its media rows and returns the blob keys to delete once the transaction commits. */
export async function deleteDomainMediaRows(tx: Tx, domainId: string): Promise<Array<string | null>> {
  const files = await tx.mediaFile.findMany({ where: { domainId }, select: { blobKey: true } });
  await tx.mediaFolder.deleteMany({ where: { domainId } });
  return files.map((f) => f.blobKey);
}

/** After the domain is gone: its blobs. */
export const deleteDomainBlobs = (keys: Array<string | null>) => deleteBlobs(blobStore(), keys);
