import fs from "node:fs";
import path from "node:path";

// The app's route files (app/**/route.ts) matched the way Next.js's App Router matches them: a
// static segment before a dynamic one ([id]) before a catch-all ([...path]) before an optional one
// ([[...path]]); each dynamic value percent-decoded once; a trailing slash reaches the route as is
// (next.config.js: skipTrailingSlashRedirect). Pages (page.tsx) are not here: the in-process harness serves routes only.

type Handler = (request: Request, route: { params: Promise<Record<string, string | string[]>> }) => Promise<Response> | Response;
export type RouteModule = Partial<Record<string, Handler>>;

type Segment =
  | { kind: "static"; text: string }
  | { kind: "dynamic"; name: string }
  | { kind: "catch-all"; name: string }
  | { kind: "optional-catch-all"; name: string };

interface RouteFile {
  file: string;
  segments: Segment[];
}

export interface RouteMatch {
  file: string;
  params: Record<string, string | string[]>;
}

const RANK = { static: 0, dynamic: 1, "catch-all": 2, "optional-catch-all": 3 } as const;

function segmentOf(folder: string): Segment {
  const optional = /^\[\[\.\.\.(\w+)\]\]$/.exec(folder);
  if (optional) return { kind: "optional-catch-all", name: optional[1]! };
  const catchAll = /^\[\.\.\.(\w+)\]$/.exec(folder);
  if (catchAll) return { kind: "catch-all", name: catchAll[1]! };
  const dynamic = /^\[(\w+)\]$/.exec(folder);
  return dynamic ? { kind: "dynamic", name: dynamic[1]! } : { kind: "static", text: folder };
}

/** Every route.ts under `appDir`, with its URL segments (route groups "(name)" add none). */
export function routeFiles(appDir: string, folders: string[] = []): RouteFile[] {
  return fs.readdirSync(path.join(appDir, ...folders), { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return routeFiles(appDir, [...folders, entry.name]);
    if (entry.name !== "route.ts") return [];
    const segments = folders.filter((f) => !/^\(.*\)$/.test(f)).map(segmentOf);
    return [{ file: path.join(appDir, ...folders, entry.name), segments }];
  });
}

function decodeOnce(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function matchOne(route: RouteFile, parts: string[]): RouteMatch | undefined {
  const params: Record<string, string | string[]> = {};
  for (const [i, segment] of route.segments.entries()) {
    if (segment.kind === "catch-all" || segment.kind === "optional-catch-all") {
      const rest = parts.slice(i).map(decodeOnce);
      if ((segment.kind === "catch-all" && !rest.length) || rest.some((p) => p === undefined)) return undefined;
      if (rest.length) params[segment.name] = rest as string[];
      return { file: route.file, params };
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment.kind === "static") {
      if (decodeOnce(part) !== segment.text) return undefined;
    } else {
      const value = decodeOnce(part);
      if (value === undefined || value === "") return undefined;
      params[segment.name] = value;
    }
  }
  return parts.length === route.segments.length ? { file: route.file, params } : undefined;
}

/** Compares two matches segment by segment: the more specific route wins. */
function moreSpecific(a: RouteFile, b: RouteFile): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const ra = a.segments[i] ? RANK[a.segments[i]!.kind] : -1;
    const rb = b.segments[i] ? RANK[b.segments[i]!.kind] : -1;
    if (ra !== rb) return ra - rb;
  }
  return 0;
}

/** The route file serving `pathname` and its params, or undefined (Next.js would try a page). */
export function matchRoute(routes: RouteFile[], pathname: string): RouteMatch | undefined {
  const parts = pathname.split("/").slice(1);
  if (parts.length > 1 && parts.at(-1) === "") parts.pop();
  const matches = routes.flatMap((route) => {
    const match = matchOne(route, parts);
    return match ? [{ route, match }] : [];
  });
  return matches.sort((a, b) => moreSpecific(a.route, b.route))[0]?.match;
}
