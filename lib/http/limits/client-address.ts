import { config } from "@/lib/core/config";

/**
 * The address a request came from. The HTTP server (scripts/serve.ts) appends the socket's peer
 * address to X-Forwarded-For before Next.js sees the request, so the last entry is
 * always the real peer; with TRUSTED_PROXY_HOPS=n the entry n places before it is the client
 * (each trusted proxy appended the address it saw).
 */
export function clientAddress(headers: Headers, trustedHops = config().TRUSTED_PROXY_HOPS): string {
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops[Math.max(0, hops.length - 1 - trustedHops)] ?? "unknown";
}
