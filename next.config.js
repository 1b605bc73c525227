// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Database drivers stay outside the bundle: PGlite ships WASM, pg has optional native bits.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "@prisma/adapter-pg", "@prisma/client"],
  poweredByHeader: false,
  // Each test run builds into its own folder (NEXT_DIST_DIR) so parallel builds never collide.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

module.exports = nextConfig;
