import { createHmac, hkdfSync } from "node:crypto";
import type { MediaFile } from "@prisma/client";
import { config } from "@/lib/core/config";
import { prisma } from "@/lib/core/db/client";
import { ApiError, notFound } from "@/lib/core/errors/api-error";
import { safeEqual } from "@/lib/http/oauth/signature";
import type { Actor } from "@/lib/core/tenancy/actor";
import { findFile, type FilePath } from "./find-media";

// Signed download links for <audio src> and plain downloads: "<file id>.<expiry>.<HMAC>", the HMAC
// (SHA-256, a key derived from ENCRYPTION_KEY) over the file id and the expiry. Whoever holds the
// link reads the file until it expires; only someone who may read the file gets one.

export const LINK_PATH = "/media-links";
export const MAX_LINK_SECONDS = 24 * 60 * 60;

function linkKey(): Buffer {
  const secret = Buffer.from(config().ENCRYPTION_KEY ?? "", "base64");
  if (secret.length !== 32) throw new Error("ENCRYPTION_KEY is missing or not 32 bytes of base64");
  return Buffer.from(hkdfSync("sha256", secret, "", "media-link-v1", 32));
}

const sign = (payload: string) => createHmac("sha256", linkKey()).update(payload).digest("base64url");

/** A URL (built by urlFor from the path of the link) for the file, valid for `seconds`; the caller must be able to read it. */
export async function createMediaLink(actor: Actor, path: FilePath, urlFor: (linkPath: string) => string, seconds = 3600) {
  const { file } = await findFile(actor, path, "read");
  const expires = Math.floor(Date.now() / 1000) + Math.min(Math.max(1, seconds), MAX_LINK_SECONDS);
  const payload = `${file.id}.${expires}`;
  return { url: urlFor(`${LINK_PATH}/${payload}.${sign(payload)}`), expires: new Date(expires * 1000).toISOString() };
}

/** The file a valid link token reads (the contract's capability check); 404 for a forged one, 403 once expired. */
export async function mediaLinkFile(token: string): Promise<MediaFile> {
  const [fileId, expires, signature] = token.split(".");
  if (!fileId || !expires || !signature || !safeEqual(sign(`${fileId}.${expires}`), signature)) throw notFound("This media link");
  if (Number(expires) * 1000 < Date.now()) throw new ApiError("forbidden", "This media link has expired: ask for a new one.");
  const file = await prisma.mediaFile.findUnique({ where: { id: fileId } });
  if (!file) throw notFound("This media link's file");
  return file;
}
