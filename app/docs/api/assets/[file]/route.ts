import { readFile } from "node:fs/promises";
import path from "node:path";

// Swagger UI's two files, served from our own origin: the machine may be offline, and a strict CSP
// needs no other host. Only these names are served; the version in the page's URLs busts the cache.

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const contentType = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
  if (!contentType) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const body = await readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file));
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "public, max-age=31536000, immutable" } });
}
