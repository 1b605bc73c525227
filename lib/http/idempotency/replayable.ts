import { createHash } from "node:crypto";
import { prisma } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import type { AuthContext } from "@/lib/http/rest/context";

// Idempotency-Key (docs/calls.md): a contract with `idempotent: true` keeps its first response per
// caller and key for 24 hours. The same key and the same request (method, path, body) gets that
// response again (status, headers, body) without running twice; the same key with another request,
// or while the first still runs, is a 409. Server errors (500, 503) are not kept: a retry runs again.

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY = /^[\x21-\x7e]{1,255}$/;
/** Response headers a replay repeats; the request id is always the retry's own. */
const KEPT_HEADERS = ["content-type", "location", "cache-control", "retry-after"];

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export interface ReplayableRequest {
  request: Request;
  url: URL;
  rawBody: string;
  auth: AuthContext | null;
  operationId: string;
}

export async function replayable(req: ReplayableRequest, run: () => Promise<Response>): Promise<Response> {
  const key = req.request.headers.get("idempotency-key");
  if (key === null || !req.auth) return run();
  if (!KEY.test(key))
    throw new ApiError("bad_request", "Idempotency-Key: send 1 to 255 visible ASCII characters, e.g. a UUID.", {
      extra: { parameter: "Idempotency-Key" },
    });
  const scopeKey = `${req.auth.application.id}/${req.auth.user?.id ?? "-"}/${req.operationId}/${key}`;
  const requestHash = sha256(`${req.request.method} ${req.url.pathname}\n${req.rawBody}`);

  await prisma.idempotencyRecord.deleteMany({ where: { scopeKey, createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_TTL_MS) } } });
  const { count } = await prisma.idempotencyRecord.createMany({ data: [{ scopeKey, requestHash }], skipDuplicates: true });
  if (count === 0) return replay(scopeKey, requestHash);

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await prisma.idempotencyRecord.deleteMany({ where: { scopeKey } });
    throw error;
  }
  if (response.status === 500 || response.status === 503) {
    await prisma.idempotencyRecord.deleteMany({ where: { scopeKey } });
    return response;
  }
  const body = await response.text();
  const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)!]] : [])));
  await prisma.idempotencyRecord.update({ where: { scopeKey }, data: { status: response.status, headers, body } });
  return new Response(body, { status: response.status, headers: response.headers });
}

async function replay(scopeKey: string, requestHash: string): Promise<Response> {
  const kept = await prisma.idempotencyRecord.findUnique({ where: { scopeKey } });
  if (!kept || kept.requestHash !== requestHash) {
    throw new ApiError(
      "idempotency_key_reused",
      "This Idempotency-Key was already used with a different request (method, path or body) in the last 24 hours. Use a new key for a new request.",
    );
  }
  if (kept.status === null) {
    throw new ApiError(
      "idempotency_key_reused",
      "The first request with this Idempotency-Key is still running. Retry in a moment to get its response.",
      { headers: { "Retry-After": "1" } },
    );
  }
  return new Response(kept.body || null, {
    status: kept.status,
    headers: { ...(kept.headers as Record<string, string>), "Idempotent-Replayed": "true" },
  });
}
