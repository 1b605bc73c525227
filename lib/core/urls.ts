import { config } from "@/lib/core/config";

// URLs of the service, for any layer: feature code (events, Location headers, links) and the HTTP plumbing.

export const REST_PREFIX = "/rest/1.0";
export const SUPPORTED_VERSIONS = ["1.0"];

/** Absolute URL of a REST path from the configured base: PUBLIC_URL, else http://localhost:<PORT> (events, which have no request). */
export function restUrl(path: string): string {
  return `${config().publicUrl}${REST_PREFIX}${path}`;
}

const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The origin of a request that arrived with this Host header: PUBLIC_URL when set, the configured base for a missing or odd Host. */
export function originOfHost(host: string | null | undefined, protocol = "http:"): string {
  if (config().PUBLIC_URL) return config().publicUrl;
  return host && HOST_HEADER.test(host) ? `${protocol}//${host.toLowerCase()}` : config().publicUrl;
}

/**
 * The origin clients sign and every absolute URL of an answer names (Location, the 401 realm, a
 * problem's type): PUBLIC_URL when it is set (behind a proxy), otherwise the request's own scheme,
 * host and port, as every OAuth library signs the URL it calls. X-Forwarded-* headers are never trusted.
 */
export function requestOrigin(request: Request): string {
  return originOfHost(request.headers.get("host"), new URL(request.url).protocol);
}

/** Absolute URL of a REST path as the calling client sees the service. */
export const restUrlFor = (request: Request, path: string) => `${requestOrigin(request)}${REST_PREFIX}${path}`;
