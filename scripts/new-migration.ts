// Writes a new SQL migration: the difference between the schema snapshot of the newest migration
// and prisma/schema.prisma. Usage: npm run db:migration -- <name>
// Prisma 7's `migrate diff` needs a native schema engine that cannot be downloaded here, so this
// calls the WebAssembly build of the same engine (@prisma/schema-engine-wasm, pinned to the
// installed Prisma's engine version) directly. It needs a live database only to connect, so an
// in-memory PGlite serves it: offline.
import "./require-supported-node";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { DiffTarget, SchemaEngine } from "@prisma/schema-engine-wasm";
import { readMigrations } from "../lib/core/db/migrate";

const SNAPSHOT = "schema.snapshot.prisma";
const require = createRequire(__filename);

async function main() {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error("Usage: npm run db:migration -- <name>   (lowercase letters, digits, underscores)");
    process.exit(2);
  }
  const dir = path.join("prisma", "migrations");
  const previous = readMigrations(dir).at(-1);
  const from: DiffTarget = previous ? datamodel(path.join(dir, previous.name, SNAPSHOT)) : { tag: "empty" };

  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, port: 0 });
  await server.start();
  try {
    const adapter = new PrismaPg({ connectionString: `postgres://postgres@${server.getServerConn()}/postgres` });
    const engine = await loadSchemaEngine(bindMigrationAwareSqlAdapterFactory(adapter));
    const { stdout } = await engine.diff({
      from,
      to: datamodel(path.join("prisma", "schema.prisma")),
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    const sql = `${stdout ?? ""}\n`;
    if (!/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
      console.log("The schema has no changes since the last migration; nothing written.");
      return;
    }
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const target = path.join(dir, `${stamp}_${name}`);
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, "migration.sql"), sql);
    fs.copyFileSync(path.join("prisma", "schema.prisma"), path.join(target, SNAPSHOT));
    console.log(`Wrote ${target}/migration.sql`);
  } finally {
    await server.stop();
    await db.close();
  }
}

/** Snapshots written under Prisma 6 carry a datasource `url`, which Prisma 7 refuses; it changes no table. */
function datamodel(file: string): DiffTarget {
  const content = fs.readFileSync(file, "utf8").replace(/^\s*url\s*=.*\n/m, "");
  return { tag: "schemaDatamodel", files: [{ path: file, content }] };
}

/** What Prisma 6's CLI did for its JS engine: instantiate the module with its bindings, then start it. */
async function loadSchemaEngine(adapter: object): Promise<SchemaEngine> {
  const bindingsFile = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  assertSameEngineAsPrisma(path.dirname(bindingsFile));
  const bindings = (await import(pathToFileURL(bindingsFile).href)) as typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
  const wasm = fs.readFileSync(path.join(path.dirname(bindingsFile), "schema_engine_bg.wasm"));
  const instance = new WebAssembly.Instance(new WebAssembly.Module(wasm), { "./schema_engine_bg.js": bindings });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return bindings.SchemaEngine.new({ datamodels: undefined }, () => {}, adapter);
}

/** A schema engine of another build could write SQL the installed client does not expect. */
function assertSameEngineAsPrisma(engineDir: string) {
  const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8"));
  const expected: string | undefined = readJson(require.resolve("@prisma/client/package.json")).devDependencies?.["@prisma/engines-version"];
  const actual: string = readJson(path.join(engineDir, "package.json")).version;
  if (expected && expected !== actual) {
    throw new Error(
      `@prisma/schema-engine-wasm is ${actual} but Prisma's engines are ${expected}: npm install -D @prisma/schema-engine-wasm@${expected} --save-exact`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
