// Runs every test: unit (Vitest), API over HTTP on PGlite and, when TEST_DATABASE_URL is set, on
// PostgreSQL, then the browser tests (Playwright, Debian Chromium). Ends with "N passed, N failed".
import "./require-supported-node";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runtimeDescription } from "./node-runtime";

interface Outcome {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
  seconds: number;
  /** The failed tests' names, printed again at the end: CI's log shows its tail. */
  failures: string[];
}

interface VitestReport {
  testResults?: Array<{ name: string; message?: string; assertionResults?: Array<{ fullName: string; status: string }> }>;
}

interface PlaywrightSuite {
  file?: string;
  title: string;
  specs?: Array<{ title: string; ok: boolean; line?: number }>;
  suites?: PlaywrightSuite[];
}

function vitestFailures(report: VitestReport | undefined): string[] {
  return (report?.testResults ?? []).flatMap((file) => {
    const where = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed").map((a) => `${where} > ${a.fullName}`);
    // a file that failed outside any test (an import, a hook) has no failed assertion of its own
    return failed.length || !file.message ? failed : [`${where}: ${file.message.split("\n")[0]}`];
  });
}

function playwrightFailures(suites: PlaywrightSuite[] = [], file = ""): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => `${suite.file ?? file}:${spec.line ?? ""} > ${spec.title}`),
    ...playwrightFailures(suite.suites, suite.file ?? file),
  ]);
}

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-reports-"));
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const outcomes: Outcome[] = [];

function run(cmd: string, args: string[], extraEnv: Record<string, string> = {}) {
  console.log(`\n$ ${[cmd, ...args].join(" ")}`);
  return spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
}

function vitest(name: string, project: string, extraEnv: Record<string, string> = {}) {
  const file = path.join(reportDir, `${name}.json`);
  const started = Date.now();
  const result = run("npx", ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`], extraEnv);
  const report = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined;
  outcomes.push({
    name,
    passed: report?.numPassedTests ?? 0,
    failed: report ? report.numFailedTests + (result.status !== 0 && report.numFailedTests === 0 ? 1 : 0) : 1,
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    ok: result.status === 0,
    seconds: (Date.now() - started) / 1000,
    failures: vitestFailures(report),
  });
}

function playwright() {
  const file = path.join(reportDir, "browser.json");
  const dataDir = path.join(reportDir, "e2e-data");
  const started = Date.now();
  const result = run("npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: file, E2E_DATA_DIR: dataDir });
  const report = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined;
  const stats = report?.stats;
  outcomes.push({
    name: "browser",
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats ? stats.unexpected + (result.status !== 0 && stats.unexpected === 0 ? 1 : 0) : 1,
    skipped: stats?.skipped ?? 0,
    ok: result.status === 0,
    seconds: (Date.now() - started) / 1000,
    failures: playwrightFailures(report?.suites),
  });
}

/** Servers of this project still running: launchers and Next.js servers whose working directory is here. */
function leftoverProcesses(): Array<{ pid: number; cmdline: string }> {
  const root = process.cwd();
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .flatMap((name) => {
      try {
        const cmdline = fs.readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").join(" ").trim();
        const cwd = fs.readlinkSync(`/proc/${name}/cwd`);
        return cwd === root &&
          /scripts\/(start|serve)\.ts|scripts\/launch\.mjs|\.build\/(start|serve)\.js|next-server|next\/dist\/bin\/next/.test(cmdline)
          ? [{ pid: Number(name), cmdline }]
          : [];
      } catch {
        return []; // ended meanwhile, or not ours to read
      }
    });
}

// npm and npx put node_modules/.bin first on the PATH, so every suite below runs on this same Node.
console.log(`Tests run on Node ${runtimeDescription()}`);
const tmpBefore = new Set(fs.readdirSync(os.tmpdir()));
const build = run("npx", ["next", "build"]);
if (build.status !== 0) {
  console.log("\nThe build failed; no tests were run.\n0 passed, 1 failed");
  process.exit(1);
}
vitest("unit", "unit");
vitest("api-pglite", "api", { TEST_DATABASE_URL: "" });
if (process.env.TEST_DATABASE_URL) vitest("api-postgres", "api");
else console.log("\nTEST_DATABASE_URL is not set: API tests ran on PGlite only.");
playwright();

// Every phase must stop what it started and remove what it wrote: anything left is a failure.
const leftovers = leftoverProcesses();
const leftoverDirs = fs.readdirSync(os.tmpdir()).filter((name) => /^switchboard-(test|e2e|inproc|template)-/.test(name) && !tmpBefore.has(name));
const clean = leftovers.length === 0 && leftoverDirs.length === 0;
outcomes.push({
  name: "cleanup",
  passed: clean ? 1 : 0,
  failed: clean ? 0 : 1,
  skipped: 0,
  ok: clean,
  seconds: 0,
  failures: [...leftovers.map((p) => `left running: ${p.cmdline}`), ...leftoverDirs.map((name) => `left behind: ${name}`)],
});
for (const p of leftovers) {
  console.log(`\nLeft running by a test: pid ${p.pid}: ${p.cmdline}`);
  // In CI nothing else runs here; on a developer's machine another run may own it.
  if (process.env.CI) process.kill(p.pid, "SIGKILL");
}
for (const name of leftoverDirs) console.log(`\nLeft behind by a test: ${path.join(os.tmpdir(), name)}`);
fs.rmSync(reportDir, { recursive: true, force: true });

console.log("\nSummary");
for (const o of outcomes) {
  console.log(
    `  ${o.name.padEnd(14)} ${o.passed} passed, ${o.failed} failed, ${o.skipped} skipped${o.seconds ? `  (${Math.round(o.seconds)} s)` : ""}`,
  );
  for (const failure of o.failures) console.log(`    failed: ${failure}`);
}
const total = outcomes.reduce((t, o) => ({ passed: t.passed + o.passed, failed: t.failed + o.failed, skipped: t.skipped + o.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
