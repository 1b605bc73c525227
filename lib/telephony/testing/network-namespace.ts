import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";

// SIP tests against real phones run a scenario inside a network namespace of their own (unshare -n,
// as root), so SIP and RTP stay off the machine's interfaces (/work/shared/notes/sip-testing.md).
// The test's side: why it must skip, and running the scenario. The scenario's side: the namespace's
// network, and its one REPORT line.

const ROOT = path.resolve(__dirname, "..", "..", "..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const REPORT = "REPORT ";

/** Why a namespace scenario cannot run here (the test skips with it), or null. */
export function namespaceSkipReason(): string | null {
  if (spawnSync("baresip", ["-h"], { stdio: "ignore" }).error) return "Debian's baresip is not installed (.ci/run installs it)";
  if (process.getuid?.() !== 0) return "creating a network namespace (unshare -n) needs root";
  const probe = spawnSync("unshare", ["-n", "ip", "tuntap", "add", "tap0", "mode", "tap"], { stdio: "ignore" });
  if (probe.error || probe.status !== 0) return "unshare -n with a tap device (and iproute2's ip) is not available here";
  return null;
}

/**
 * Why a scenario that starts the product inside a namespace cannot run in this suite, or null. Its
 * server is on PGlite either way (the host's PostgreSQL is out of the namespace's reach), so the
 * PostgreSQL run of the API suite would repeat the PGlite run exactly: it runs there only.
 */
export function namespaceServerSkipReason(suiteOnPostgres: boolean): string | null {
  if (suiteOnPostgres) return "its server runs on PGlite inside the namespace either way: it runs in the PGlite suite";
  return namespaceSkipReason();
}

export interface ScenarioOutcome {
  /** The exit code, or the signal that ended it (SIGKILL after the limit). */
  code: number | string | null;
  /** Everything it printed, for the failure message. */
  output: string;
  /** Its REPORT line parsed, if it printed one. */
  report: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each scenario reports its own shape
}

/** One scenario script run in a namespace of its own, killed with its whole process group after `limitMs` or by kill(). */
export class NamespaceScenario {
  private child: ChildProcess | undefined;

  constructor(
    private readonly script: string,
    private readonly limitMs: number,
  ) {}

  run(dir: string, env: NodeJS.ProcessEnv): Promise<ScenarioOutcome> {
    const child = spawn("unshare", ["-n", TSX, "--no-cache", this.script, dir], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    return new Promise((resolve) => {
      const limit = setTimeout(() => this.kill(), this.limitMs);
      child.once("exit", (exitCode, signal) => {
        clearTimeout(limit);
        const line = output.split("\n").find((text) => text.startsWith(REPORT));
        resolve({ code: exitCode ?? signal, output, report: line ? JSON.parse(line.slice(REPORT.length)) : undefined });
      });
    });
  }

  /** Should the scenario hang or leave a phone behind, its whole process group goes. */
  kill(): void {
    try {
      if (this.child?.pid) process.kill(-this.child.pid, "SIGKILL");
    } catch {
      // ESRCH: nothing of it is left
    }
  }
}

/** Inside the namespace: loopback up, and a tap device whose address baresip writes into its SDP (it reaches nothing). */
export function bringUpNamespaceNetwork(): void {
  execFileSync("ip", ["link", "set", "lo", "up"]);
  execFileSync("ip", ["tuntap", "add", "tap0", "mode", "tap"]);
  execFileSync("ip", ["addr", "add", "198.18.0.1/24", "dev", "tap0"]);
  execFileSync("ip", ["link", "set", "tap0", "up"]);
}

/** Inside the namespace: runs the scenario and prints its REPORT line (exit 0), or its error (exit 1). */
export function reportScenario(main: () => Promise<unknown>): void {
  main().then(
    (report) => {
      process.stdout.write(`${REPORT}${JSON.stringify(report)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      process.stdout.write(`ERROR ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
