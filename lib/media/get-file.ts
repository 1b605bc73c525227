import type { Actor } from "@/lib/core/tenancy/actor";
import { findFile, type FilePath } from "./find-media";
import { fileBytesResponse, wantsBytes } from "./serve-file";
import { toFileEntry } from "./transform";

/** The file's details as JSON, or its bytes when the request asks for them. */
export async function getFile(actor: Actor, path: FilePath, request: Request) {
  const { file } = await findFile(actor, path, "read");
  return wantsBytes(request) ? fileBytesResponse(request, file) : toFileEntry(file.folder.name, file);
}
