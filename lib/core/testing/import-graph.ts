import fs from "node:fs";
import path from "node:path";

// The import graph of lib/ and the layer rules it must keep (docs/architecture.md, "Layers"), for
// lib/core/layers.test.ts. Imports are read with a regex: static, type-only, re-exports, dynamic
// import("...") and vi.mock("...") alike, so any arrow a reader would see counts.

/** File -> the files of lib/ it imports (paths relative to the repository root, "lib/..."). */
export type ImportGraph = Map<string, Set<string>>;

export type Layer = "core" | "http" | "area" | "top";

export interface LayerRules {
  /** Folders under lib/ that are the top: they may import anything below (the registry, the portal). */
  top: string[];
  /** area -> the other areas it may import; everything else between areas is refused. */
  allowedAreaImports: Record<string, string[]>;
}

const SPEC = /(?:\bfrom|\bimport|\bvi\.mock|\bvi\.importActual)\s*\(?\s*["']([^"'\n]+)["']/g;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** Every .ts/.tsx file under `dir` (relative to `root`) with the lib/ files it imports. */
export function readImportGraph(root: string, dir = "lib"): ImportGraph {
  const files = walk(path.join(root, dir)).map((f) => path.relative(root, f).split(path.sep).join("/"));
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const [, spec = ""] of fs.readFileSync(path.join(root, file), "utf8").matchAll(SPEC)) {
      const base = spec.startsWith("@/") ? spec.slice(2) : spec.startsWith(".") ? path.posix.join(path.posix.dirname(file), spec) : null;
      const target = base === null ? undefined : EXTENSIONS.map((e) => base + e).find((c) => known.has(c));
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

// An area's API tests (*.api.test.ts) are black-box tests over HTTP beside it: no part of the layers.
function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return walk(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".api.test.ts") ? [p] : [];
  });
}

/** "lib/core/db/client.ts" -> "core"; "lib/calls/x.ts" -> "calls": the first folder under lib/. */
export const topFolderOf = (file: string) => file.split("/")[1] ?? "";

/** The folder a file stands in: "lib/core/db", "lib/core" (core's own files), "lib/calls". */
export const folderOf = (file: string) => path.posix.dirname(file);

export function layerOf(file: string, rules: LayerRules): Layer {
  const top = topFolderOf(file);
  if (top === "core") return "core";
  if (top === "http") return "http";
  return rules.top.includes(top) ? "top" : "area";
}

const RANK: Record<Layer, number> = { core: 0, http: 1, area: 2, top: 3 };

/** Each import that breaks a layer rule, as "from -> to: why". */
export function layerViolations(graph: ImportGraph, rules: LayerRules): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const fromLayer = layerOf(from, rules);
    for (const to of targets) {
      const toLayer = layerOf(to, rules);
      if (RANK[toLayer] > RANK[fromLayer]) found.push(`${from} -> ${to}: ${fromLayer} imports ${toLayer}, a higher layer`);
      else if (fromLayer === "area" && toLayer === "area") {
        const [a, b] = [topFolderOf(from), topFolderOf(to)];
        if (a !== b && !(rules.allowedAreaImports[a] ?? []).includes(b)) found.push(`${from} -> ${to}: area ${a} may not import area ${b}`);
      } else if (fromLayer === "top" && toLayer === "top" && topFolderOf(from) !== topFolderOf(to)) {
        found.push(`${from} -> ${to}: ${topFolderOf(from)} and ${topFolderOf(to)} are both on top and stay apart`);
      }
    }
  }
  return found.sort();
}

/** The graph of folders: an arrow wherever a file of one imports a file of another. */
export function folderGraph(graph: ImportGraph): ImportGraph {
  const folders: ImportGraph = new Map();
  for (const [from, targets] of graph) {
    const set = folders.get(folderOf(from)) ?? new Set<string>();
    folders.set(folderOf(from), set);
    for (const to of targets) if (folderOf(to) !== folderOf(from)) set.add(folderOf(to));
  }
  return folders;
}

/** Tarjan's strongly connected components with more than one node: each is an import cycle. */
export function importCycles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s])]);
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: string; edges: string[]; i: number }[] = [];
    const open = (node: string) => {
      index.set(node, next);
      low.set(node, next++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: [...(graph.get(node) ?? [])], i: 0 });
    };
    open(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      if (frame.i < frame.edges.length) {
        const to = frame.edges[frame.i++]!;
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
