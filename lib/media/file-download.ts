import type { MediaFile } from "@prisma/client";
import { fileDownload, type FileDownload } from "@/lib/http/rest/file-download";
import { blobStore } from "./configured-blob-store";
import { contentTypeOf, isAudio } from "./content-type";

/** A media file handed out as bytes: what it is, and how to open its content from the blob store. */
export function mediaFileDownload(file: MediaFile): FileDownload {
  const { blobKey } = file;
  return fileDownload({
    name: file.name,
    size: file.size,
    contentType: contentTypeOf(file.name),
    etag: file.sha256 ?? "empty",
    lastModified: file.updatedAt,
    inline: isAudio(file.name),
    open: blobKey ? (range) => blobStore().get(blobKey, range) : undefined,
  });
}
