import { ApiError } from "@/lib/core/errors/api-error";

/** Reads the whole body as text, refusing with 413 once it passes `limit` bytes (before buffering it all). */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (declared > limit) throw bodyTooLarge(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ApiError("bad_request", "The request body is not valid UTF-8 text.");
  }
}

/** The 413 for a body past `limit` bytes, whether refused from its Content-Length or while it streams. */
export function bodyTooLarge(limit: number) {
  return new ApiError("payload_too_large", `The request body is larger than the limit of ${limit} bytes.`, {
    extra: { limit },
  });
}
