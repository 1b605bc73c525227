/** Bytes of a file, both ends included (as in HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

const FILE_DOWNLOAD = Symbol.for("switchboard.file-download");

/**
 * A file an area hands out as bytes, described without HTTP: the wrapper turns it into the response
 * (file-response.ts: ETag and If-None-Match, Range, Content-Type, Content-Disposition, caching).
 */
export interface FileDescription {
  name: string;
  size: number;
  contentType: string;
  /** Changes whenever the content does (unquoted: the HTTP layer makes it a strong ETag). */
  etag: string;
  lastModified: Date;
  /** Shown in place (audio players) rather than saved as a download. */
  inline: boolean;
  /** Opens the content, or one range of it; absent while the file has no content. */
  open?: (range?: ByteRange) => Promise<ReadableStream<Uint8Array>>;
}

export type FileDownload = FileDescription & { readonly [FILE_DOWNLOAD]: true };

/** What a handler returns to answer with a file's bytes instead of a JSON entry. */
export const fileDownload = (file: FileDescription): FileDownload => ({ ...file, [FILE_DOWNLOAD]: true });

export const isFileDownload = (value: unknown): value is FileDownload => typeof value === "object" && value !== null && FILE_DOWNLOAD in value;
