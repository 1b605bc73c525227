import { randomUUID } from "node:crypto";

// Where media bytes live. Keys are generated here ("<domain id>/<uuid>"), never taken from a
// user's file name, so no name can reach outside the store. Each upload writes a new key and the
// database switches to it in one update: a crash leaves the old content served, never a partial one.

export interface BlobRange {
  start: number;
  /** Inclusive, as in HTTP Range. */
  end: number;
}

export interface StoredBlob {
  size: number;
  /** base64url SHA-256 of the content. */
  sha256: string;
}

export interface PutOptions {
  /** More bytes than this: the write fails with BlobTooLargeError and nothing is stored. */
  maxBytes: number;
  /** Sees each chunk before it is written (e.g. an OAuth body hash); throwing aborts the write. */
  onChunk?: (chunk: Uint8Array) => void;
}

export interface ListedBlob {
  key: string;
  /** When the content under the key was written. */
  modifiedAt: Date;
}

export interface BlobStore {
  /** Stores the stream under key atomically: the key holds either the whole content or nothing. */
  put(key: string, body: ReadableStream<Uint8Array> | null, options: PutOptions): Promise<StoredBlob>;
  /** The content (or the range of it) as a stream; throws BlobNotFoundError when the key holds nothing. */
  get(key: string, range?: BlobRange): Promise<ReadableStream<Uint8Array>>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Up to `limit` stored keys after `after` ("" from the start), in key order: the orphan sweep pages through them. */
  list(after: string, limit: number): Promise<ListedBlob[]>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The content is larger than ${maxBytes} bytes.`);
  }
}

export class BlobNotFoundError extends Error {}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const KEY = new RegExp(`^${UUID}/${UUID}$`);
/** One part of a key: a domain's folder or a blob's name. */
export const isKeyPart = (name: string) => new RegExp(`^${UUID}$`).test(name);
export const isBlobKey = (key: string) => KEY.test(key);

/** Refuses anything but a key newBlobKey made: the stores never see a name a user chose. */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a blob key: ${JSON.stringify(key.slice(0, 100))}`);
}

export const newBlobKey = (domainId: string) => `${domainId.toLowerCase()}/${randomUUID()}`;

/** A blob's whole content, read from its stream. */
export async function readAllBytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return Buffer.concat(chunks);
}
