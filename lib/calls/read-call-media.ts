import { prisma } from "@/lib/core/db/client";
import { parseMediaPath, readSystemFile } from "@/lib/media/system-file";

/**
 * A media file a call plays (`play` with type "file", its path as the API names it): its bytes when
 * it is a file of the call's own domain, and, in a user's private folder (`call:<id>`, docs/media.md),
 * only when that folder is the call's user's. Undefined otherwise.
 */
export async function readCallMedia(callId: number, path: string): Promise<Uint8Array | undefined> {
  const call = await prisma.call.findUnique({ where: { id: callId }, select: { domainId: true, userId: true } });
  const target = parseMediaPath(path.replace(/^.*?(?=\/media\/)/, ""));
  const domain = call && (await prisma.domain.findUnique({ where: { id: call.domainId }, select: { name: true } }));
  if (!call || !target || domain?.name !== target.domain) return undefined;
  const folder = await prisma.mediaFolder.findFirst({
    where: { domainId: call.domainId, name: target.folder, OR: [{ ownerUserId: null }, { ownerUserId: call.userId }] },
    select: { id: true },
  });
  return folder ? readSystemFile(call.domainId, target.folder, target.file) : undefined;
}
