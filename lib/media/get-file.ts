import type { Actor } from "@/lib/core/tenancy/actor";
import { mediaFileDownload } from "./file-download";
import { findFile, type FilePath } from "./find-media";
import { toFileEntry } from "./transform";

/** The file's details as JSON, or its bytes when the request asks for them. */
export async function getFile(actor: Actor, path: FilePath, as: { bytes: boolean }) {
  const { file } = await findFile(actor, path, "read");
  return as.bytes ? mediaFileDownload(file) : toFileEntry(file.folder.name, file);
}
