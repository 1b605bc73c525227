import { createHash, createHmac, type Hash, type Hmac } from "node:crypto";
import { ApiError } from "@/lib/core/errors/api-error";
import type { BodyCheck } from "@/lib/http/rest/context";
import { safeEqual, signingKey } from "./signature";

/**
 * The oauth_body_hash (or xoauth_body_signature) of a body the handler streams (media uploads): fed
 * each chunk as it is stored, verified before the upload is committed, so no body is buffered to hash it.
 */
export class StreamedBodyCheck implements BodyCheck {
  private constructor(
    private readonly digest: Hash | Hmac,
    private readonly expected: string,
    private readonly parameter: string,
  ) {}

  static sha1(expected: string) {
    return new StreamedBodyCheck(createHash("sha1"), expected, "oauth_body_hash");
  }

  static hmacSha1(expected: string, consumerSecret: string, tokenSecret: string) {
    return new StreamedBodyCheck(createHmac("sha1", signingKey(consumerSecret, tokenSecret)), expected, "xoauth_body_signature");
  }

  update(chunk: Uint8Array): void {
    this.digest.update(chunk);
  }

  /** Throws 401 body_hash_invalid unless the bytes seen match the signed hash. */
  verify(): void {
    if (!safeEqual(this.digest.digest("base64"), this.expected)) {
      throw new ApiError("unauthorized", `${this.parameter} does not match the body: sign the exact bytes you send.`, {
        oauthProblem: "body_hash_invalid",
      });
    }
  }
}
