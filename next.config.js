// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Database drivers stay outside the bundle: PGlite ships WASM, pg has optional native bits.
  // mpg123-decoder (WASM, the local transcription service's MP3 decoder) starts workers the bundler cannot follow.
  // zod too: the HTTP server in front of Next (scripts/serve.ts) loads it for the configuration, and as an
  // external package Next's bundles share that one instance (scripts/compile-server.mjs) instead of
  // carrying their own copy (docs/decisions.md, "Footprint").
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "pg",
    "@prisma/adapter-pg",
    "@prisma/client",
    "nodemailer",
    "mpg123-decoder",
    "zod",
  ],
  poweredByHeader: false,
  // Each route's modules load on its first request, not all at start (Next.js preloads every entry by
  // default): 10-18 MB less for an idle server, the first request to a route pays the load
  // (docs/decisions.md, "Footprint").
  experimental: { preloadEntriesOnStart: false },
  // The spec writes "GET /domains/?filterBy=owner...": a trailing slash must reach the route as signed,
  // not be redirected (a 308 would make the client re-send to a URL it did not sign).
  skipTrailingSlashRedirect: true,
  // Each test run builds into its own folder (NEXT_DIST_DIR) so parallel builds never collide.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  async headers() {
    // No page may be framed by another site (the OAuth authorization page above all: clickjacking).
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
      {
        // Not on media paths: a header set here replaces the route's own, and served media bytes
        // need theirs ("sandbox; frame-ancestors 'none'", lib/media/serve-file.ts; issue 27, item 6).
        source: "/((?!rest/1\\.0/media/|rest/1\\.0/media-links/).*)",
        headers: [{ key: "Content-Security-Policy", value: "frame-ancestors 'none'" }],
      },
    ];
  },
};

module.exports = nextConfig;
