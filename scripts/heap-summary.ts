// What fills a V8 heap snapshot, by kind: `npx tsx scripts/heap-summary.ts <file.heapsnapshot>`.
// Take one of the running server with `node --heapsnapshot-signal=SIGUSR2 scripts/launch.mjs` (the
// launcher passes the flag on) and `kill -USR2 <server pid>`: the file lands in the server's working
// directory (docs/performance.md, "Footprint"). Prints the largest groups of objects by self size, and
// the scripts' source text by the package or folder each script comes from.
import fs from "node:fs";

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** node_modules/<package> or our own top folder, from a script's URL or path. */
function ownerOf(script: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(script);
  if (inModules) return inModules[1]!;
  const chunk = /\.next\/server\/(chunks\/[^/]*|app|[^/]+)/.exec(script);
  if (chunk) return `.next/server/${chunk[1]!.startsWith("chunks") ? "chunks" : chunk[1]}`;
  if (/\.build\//.test(script)) return ".build (serve.js)";
  return script.startsWith("node:") || !script.includes("/") ? "node itself" : script.split("/").slice(-2).join("/");
}

function main() {
  const file = process.argv[2];
  if (!file) throw new Error("usage: heap-summary.ts <file.heapsnapshot>");
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot;
  const { node_fields, node_types } = data.snapshot.meta;
  const width = node_fields.length;
  const at = (field: string) => node_fields.indexOf(field);
  const [TYPE, NAME, SIZE] = [at("type"), at("name"), at("self_size")];
  const types = node_types[0];
  const groups = new Map<string, { size: number; count: number }>();
  let total = 0;
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + TYPE]!]!;
    const name = data.strings[data.nodes[i + NAME]!]!;
    const size = data.nodes[i + SIZE]!;
    total += size;
    const key = type === "object" || type === "native" ? `${type} ${name}` : type === "closure" ? "closure" : type;
    const group = groups.get(key) ?? { size: 0, count: 0 };
    group.size += size;
    group.count += 1;
    groups.set(key, group);
  }
  // Each script's source text, by whose script it is (a script holds its source as a string).
  const { edge_fields, edge_types } = data.snapshot.meta;
  const edgeWidth = edge_fields.length;
  const [EDGE_TYPE, EDGE_NAME, EDGE_TO] = [edge_fields.indexOf("type"), edge_fields.indexOf("name_or_index"), edge_fields.indexOf("to_node")];
  const EDGE_COUNT = at("edge_count");
  const sourceByOwner = new Map<string, number>();
  for (let i = 0, edge = 0; i < data.nodes.length; i += width) {
    const count = data.nodes[i + EDGE_COUNT]!;
    // A script is a "code" node named after its URL, with an internal edge "source" to its text.
    if (types[data.nodes[i + TYPE]!] === "code") {
      for (let e = edge; e < edge + count * edgeWidth; e += edgeWidth) {
        if (edge_types[0][data.edges[e + EDGE_TYPE]!] !== "internal" || data.strings[data.edges[e + EDGE_NAME]!] !== "source") continue;
        const owner = ownerOf(data.strings[data.nodes[i + NAME]!]!);
        sourceByOwner.set(owner, (sourceByOwner.get(owner) ?? 0) + data.nodes[data.edges[e + EDGE_TO]! + SIZE]!);
      }
    }
    edge += count * edgeWidth;
  }
  const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
  console.log(`${file}: ${mb(total)} in ${data.nodes.length / width} objects`);
  console.log("\nlargest groups (self size):");
  for (const [key, g] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, 25))
    console.log(`  ${mb(g.size).padStart(9)}  ${String(g.count).padStart(8)}  ${key.slice(0, 90)}`);
  console.log("\nscripts' source text, by whose script it is:");
  for (const [owner, size] of [...sourceByOwner].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${mb(size).padStart(9)}  ${owner}`);
}

main();
