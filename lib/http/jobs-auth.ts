import { createHmac } from "node:crypto";
import { config } from "@/lib/core/config";
import { isDatabaseUnreachable } from "@/lib/core/errors/known-errors";
import { safeEqual } from "@/lib/http/oauth/signature";

// The delivery job route is triggered by the in-server scheduler (or an external cron) with an
// HMAC of the current time under a key derived from ENCRYPTION_KEY: nobody else can trigger it.
const WINDOW_SECONDS = 60;

function jobsKey(): Buffer {
  const secret = config().ENCRYPTION_KEY;
  if (!secret) throw new Error("ENCRYPTION_KEY is not set");
  return createHmac("sha256", Buffer.from(secret, "base64")).update("switchboard-jobs").digest();
}

const mac = (t: number) => createHmac("sha256", jobsKey()).update(String(t)).digest("hex");

export function jobsSignature(nowMs = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${mac(t)}`;
}

export function verifyJobsSignature(header: string | null, nowMs = Date.now()): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!m) return false;
  const t = Number(m[1]);
  if (Math.abs(t - nowMs / 1000) > WINDOW_SECONDS) return false;
  return safeEqual(mac(t), m[2]!);
}

/** A job route's POST handler: runs the job for a caller with a valid X-Jobs-Signature, 401 otherwise. */
export function jobRoute(run: () => Promise<unknown>) {
  return async (request: Request) => {
    if (!verifyJobsSignature(request.headers.get("x-jobs-signature"))) {
      return Response.json({ error: "A valid X-Jobs-Signature is required." }, { status: 401 });
    }
    try {
      return Response.json(await run());
    } catch (error) {
      // The database is down: a short answer the scheduler backs off from, not a 500 with a stack per tick.
      if (!isDatabaseUnreachable(error)) throw error;
      return Response.json({ error: "The database is not reachable." }, { status: 503, headers: { "Retry-After": "5" } });
    }
  };
}

/**
 * The built-in webhook receiver's POST handler (app/api/receiver/[id]): only the server's own
 * deliveries, which carry a valid X-Jobs-Signature, reach `receive`; it gets the headers and raw body.
 */
export function receiverRoute(
  receive: (applicationId: string, arrival: { headers: Record<string, string>; body: string }) => Promise<{ status: number; verification?: string }>,
) {
  return async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
    if (!verifyJobsSignature(request.headers.get("x-jobs-signature"))) {
      return Response.json({ error: "Only the server's own deliveries reach the built-in receiver." }, { status: 401 });
    }
    const headers = Object.fromEntries(request.headers.entries());
    const { status, verification } = await receive((await params).id, { headers, body: await request.text() });
    return new Response(status === 404 ? "no such application" : (verification ?? ""), { status, headers: { "content-type": "text/plain" } });
  };
}
