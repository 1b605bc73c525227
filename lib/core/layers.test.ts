import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  folderGraph,
  importCycles,
  layerOf,
  layerViolations,
  readImportGraph,
  topFolderOf,
  type ImportGraph,
  type LayerRules,
} from "./testing/import-graph";

// The layers of lib/ (docs/architecture.md, "Layers"): core below http below the feature areas below
// the registry and the portal. A lower layer never imports a higher one, no two folders or files
// import each other (even through others), and an area imports another area only along an arrow
// listed here. Adding an arrow is a design decision: draw it in docs/architecture.md too.

const RULES: LayerRules = {
  top: ["registry", "portal"],
  allowedAreaImports: {
    applications: ["billing", "outbox"], // an application's billing account; webhook signing and SSRF rules
    billing: ["outbox"], // credit events
    // the calls API drives the engine, bills minutes, records to media, hands unanswered calls to voicemail
    calls: ["billing", "media", "numbers", "outbox", "telephony", "voicemail"],
    devices: ["billing", "mail", "numbers", "telephony"], // a device's number is allocated and charged; e-mail checks; the forwarding test call
    domains: ["applications", "media", "users"], // the domain overview counts them
    events: ["applications", "outbox"], // the delivery log is an application's; replay publishes again
    // SMS is charged and carried by the SMS engine (an inbound one goes to its number's holder); audio is stored and transcribed
    messages: ["billing", "media", "numbers", "outbox", "telephony", "transcription"],
    numbers: ["billing", "outbox"], // monthly renewal charges and reports
    overview: ["billing"], // the portal's overview reads the billing accounts' balances
    seed: ["billing", "outbox"], // the demo's account and webhook secret
    services: ["messages", "transcription"], // a transcription service transcribes a user's messages
    // the simulator's operations stand above what they simulate; its audio messages are media files (a tone WAV from audio)
    simulator: ["audio", "calls", "media", "messages", "numbers", "outbox", "telephony"],
    telephony: ["audio"], // the simulator's silent recordings
    transcription: ["audio"], // a recogniser reads the voicemail's MP3 or WAV
    tokens: ["calls", "devices"], // a guest call is a call to a device
    users: ["billing"], // a user's billing account
    voicemail: ["audio", "devices", "mail", "media", "messages", "outbox"], // a voicemail is a recorded message, mailed and announced
  },
};

const ROOT = path.resolve(__dirname, "..", "..");
const graph = readImportGraph(ROOT);

describe("the layers of lib/", () => {
  it("reads the whole of lib/", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get("lib/core/db/client.ts")).toContain("lib/core/config.ts");
  });

  it("no import runs up a layer, and an area imports only the areas it is allowed", () => {
    expect(layerViolations(graph, RULES)).toEqual([]);
  });

  it("no two folders import each other, not even through others", () => {
    expect(importCycles(folderGraph(graph))).toEqual([]);
  });

  it("no two files import each other, not even through others", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("no area's files import each other in a loop: lib/calls gets the engine's hooks bound at server start instead", () => {
    const byArea = (area: string) => new Map([...graph].filter(([file]) => topFolderOf(file) === area));
    for (const area of new Set([...graph.keys()].map(topFolderOf))) expect(importCycles(byArea(area)), `lib/${area}`).toEqual([]);
    // The one place that binds what the telephony engine reports to the calls API.
    const binders = [...graph.keys()].filter((file) => /\bbindEngineHooks\(/.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(binders.filter((file) => file !== "lib/telephony/configured-engine.ts")).toEqual(["lib/registry/server-start.ts"]);
  });

  it("HTTP stays at the edge: no area's code names a Request, Response or Headers (lib/http reads requests and builds answers)", () => {
    const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    // Words in strings are not code: a SIP status line ("487 Request Terminated") names no HTTP object.
    const withoutStrings = (text: string) => text.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');
    const httpNames = /\b(Request|Response|Headers|NextRequest|NextResponse)\b/;
    const nextHeaders = /["']next\/headers["']/;
    const namesHttp = (file: string) => {
      const code = withoutComments(fs.readFileSync(path.join(ROOT, file), "utf8"));
      return httpNames.test(withoutStrings(code)) || nextHeaders.test(code);
    };
    const areaFiles = [...graph.keys()].filter((file) => layerOf(file, RULES) === "area");
    expect(areaFiles.length).toBeGreaterThan(100);
    expect(areaFiles.filter(namesHttp)).toEqual([]);
  });

  it("what scripts/serve.ts loads before Next.js (the guarded server, every contract) reaches no next/server", () => {
    const reached = new Set(["lib/registry/guarded-server.ts"]);
    for (const file of reached) for (const target of graph.get(file) ?? []) reached.add(target);
    expect(reached).toContain("lib/registry/malformed-request.ts");
    expect(reached).toContain("lib/tokens/contracts.ts");
    const nextServer = /from\s+["']next\/(server|headers)["']/;
    expect([...reached].filter((file) => nextServer.test(fs.readFileSync(path.join(ROOT, file), "utf8")))).toEqual([]);
  });

  it("every allowed arrow between areas is used (the list stays as small as the code)", () => {
    const used = new Set([...graph].flatMap(([from, targets]) => [...targets].map((to) => `${topFolderOf(from)} -> ${topFolderOf(to)}`)));
    const unused = Object.entries(RULES.allowedAreaImports)
      .flatMap(([a, bs]) => bs.map((b) => `${a} -> ${b}`))
      .filter((arrow) => !used.has(arrow));
    expect(unused).toEqual([]);
  });
});

describe("the layer checker", () => {
  const rules: LayerRules = { top: ["registry"], allowedAreaImports: { calls: ["billing"] } };
  const graphOf = (arrows: [string, string][]): ImportGraph => {
    const g: ImportGraph = new Map();
    for (const [from, to] of arrows) {
      g.set(from, (g.get(from) ?? new Set()).add(to));
      if (!g.has(to)) g.set(to, new Set());
    }
    return g;
  };

  it("refuses an arrow back up: core to http, http to an area, an area to the registry", () => {
    const g = graphOf([
      ["lib/core/log.ts", "lib/http/rest/context.ts"],
      ["lib/http/rest/context.ts", "lib/users/get-user.ts"],
      ["lib/users/get-user.ts", "lib/registry/operations.ts"],
    ]);
    expect(layerViolations(g, rules)).toEqual([
      "lib/core/log.ts -> lib/http/rest/context.ts: core imports http, a higher layer",
      "lib/http/rest/context.ts -> lib/users/get-user.ts: http imports area, a higher layer",
      "lib/users/get-user.ts -> lib/registry/operations.ts: area imports top, a higher layer",
    ]);
  });

  it("refuses an arrow between areas that is not listed, and allows the listed one and any arrow down", () => {
    const g = graphOf([
      ["lib/calls/create-call.ts", "lib/billing/charge-account.ts"],
      ["lib/billing/charge-account.ts", "lib/calls/get-call.ts"],
      ["lib/calls/create-call.ts", "lib/core/db/client.ts"],
      ["lib/registry/operations.ts", "lib/calls/contracts.ts"],
    ]);
    expect(layerViolations(g, rules)).toEqual(["lib/billing/charge-account.ts -> lib/calls/get-call.ts: area billing may not import area calls"]);
  });

  it("finds every cycle, however long, and only cycles", () => {
    const g = graphOf([
      ["a", "b"],
      ["b", "c"],
      ["c", "a"],
      ["c", "d"],
      ["d", "e"],
      ["e", "d"],
      ["f", "a"],
    ]);
    expect(importCycles(g).sort()).toEqual([
      ["a", "b", "c"],
      ["d", "e"],
    ]);
    expect(
      importCycles(
        graphOf([
          ["a", "b"],
          ["b", "c"],
        ]),
      ),
    ).toEqual([]);
  });

  it("finds a loop among the files of one area", () => {
    const g = graphOf([
      ["lib/calls/engine-events.ts", "lib/calls/end-call.ts"],
      ["lib/calls/end-call.ts", "lib/calls/calls-ready.ts"],
      ["lib/calls/calls-ready.ts", "lib/calls/engine-events.ts"],
      ["lib/calls/create-call.ts", "lib/calls/engine-events.ts"],
    ]);
    expect(importCycles(g)).toEqual([["lib/calls/calls-ready.ts", "lib/calls/end-call.ts", "lib/calls/engine-events.ts"]]);
  });

  it("sees a cycle between folders that no two files close", () => {
    const g = graphOf([
      ["lib/http/rest/context.ts", "lib/http/oauth/signature.ts"],
      ["lib/http/oauth/verify-request.ts", "lib/http/rest/raw-query.ts"],
    ]);
    expect(importCycles(g)).toEqual([]);
    expect(importCycles(folderGraph(g))).toEqual([["lib/http/oauth", "lib/http/rest"]]);
  });

  describe("reading imports", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "layers-"));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("follows alias, relative, type-only, dynamic and mocked imports to files of lib/", () => {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      write("lib/core/log.ts", "export const log = 1;\n");
      write("lib/core/config.ts", 'import type { X } from "./x";\nexport const config = 1;\n');
      write("lib/core/x.tsx", "export type X = 1;\n");
      write("lib/calls/a.ts", 'import { log } from "@/lib/core/log";\nimport fs from "node:fs";\nconst c = await import("../core/config");\n');
      write("lib/calls/a.test.ts", 'vi.mock("@/lib/calls/a");\nimport { z } from "zod";\n');
      const read = readImportGraph(dir);
      expect(Object.fromEntries([...read].map(([k, v]) => [k, [...v].sort()]))).toEqual({
        "lib/core/log.ts": [],
        "lib/core/config.ts": ["lib/core/x.tsx"],
        "lib/core/x.tsx": [],
        "lib/calls/a.ts": ["lib/core/config.ts", "lib/core/log.ts"],
        "lib/calls/a.test.ts": ["lib/calls/a.ts"],
      });
    });
  });
});
