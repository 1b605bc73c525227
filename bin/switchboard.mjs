#!/usr/bin/env node
// `npx switchboard` (docs/getting-started.md, "The CLI"): runs scripts/switchboard.ts. On a Node
// that strips TypeScript types itself (22.18+, 24) it needs nothing else: these hooks only resolve
// the project's "@/..." paths and extensionless imports to its .ts files. On an older Node it goes
// through tsx (a dependency), as the other scripts do.
import fs from "node:fs";
import { createRequire, registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Node ${process.version} is not supported: Switchboard runs on Node 22.12 or later. Run it ` +
      `through npx (npx switchboard), which puts the Node 24 that npm install brought first.`,
  );
  process.exit(2);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const entry = path.join(root, "scripts", "switchboard.ts");
let main;
if (process.features.typescript && registerHooks) {
  const inProject = (url) => url?.startsWith(pathToFileURL(root).href) && !url.includes("/node_modules/");
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      let target;
      if (specifier.startsWith("@/")) target = path.join(root, specifier.slice(2));
      else if (/^\.\.?\//.test(specifier) && inProject(parent) && parent.endsWith(".ts"))
        target = path.resolve(path.dirname(fileURLToPath(parent)), specifier);
      if (target && !path.extname(target) && fs.existsSync(`${target}.ts`)) return nextResolve(pathToFileURL(`${target}.ts`).href, context);
      const resolved = nextResolve(specifier, context);
      // The project's TypeScript imports JSON as its bundlers do, without an import attribute.
      if (resolved.url.endsWith(".json") && inProject(parent))
        return { ...resolved, importAttributes: { ...context.importAttributes, type: "json" } };
      return resolved;
    },
    load(url, context, nextLoad) {
      // The project's .ts files are ES modules (package.json has no "type"): say so instead of letting Node guess and warn.
      return url.endsWith(".ts") && inProject(url) ? nextLoad(url, { ...context, format: "module-typescript" }) : nextLoad(url, context);
    },
  });
  ({ main } = await import(pathToFileURL(entry).href));
} else {
  process.env.TSX_TSCONFIG_PATH = path.join(root, "tsconfig.json");
  (await import("tsx/cjs/api")).register();
  ({ main } = createRequire(import.meta.url)(entry));
}
process.exitCode = await main(process.argv.slice(2));
