import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, TestRunner } from "vitest";
import { NamespaceScenario, type ScenarioOutcome } from "./network-namespace";

// A test file's side of a namespace scenario (./network-namespace.ts): a describe that skips out loud
// when the machine cannot run it, else runs the scenario in a temporary folder of its own and, after
// the tests, kills what is left of it and removes the folder.

export interface NamespaceScenarioSuite {
  /** The scenario's script, run by tsx inside the namespace with the folder as its argument. */
  script: string;
  /** It is killed with its whole process group after this long. */
  limitMs: number;
  /** Why it cannot run here (namespaceSkipReason, namespaceServerSkipReason, or what else it needs), or null. */
  skipReason: string | null;
}

export interface ScenarioRun extends ScenarioOutcome {
  /** The scenario's folder: a clean run leaves it empty. */
  dir: string;
}

/** Runs the scenario with this environment (or the one made from its folder) and expects its REPORT line. */
export type RunScenario = (env: NodeJS.ProcessEnv | ((dir: string) => NodeJS.ProcessEnv)) => Promise<ScenarioRun>;

/** A describe for the scenario's tests; `tests` declares them and calls `run` in one of them. */
export function describeNamespaceScenario(
  title: string,
  { script, limitMs, skipReason }: NamespaceScenarioSuite,
  tests: (run: RunScenario) => void,
): void {
  // A skipped test must not pass silently: the warning names the file, the title says why.
  if (skipReason) console.warn(`SKIPPED ${path.basename(TestRunner.getCurrentSuite().file.filepath)}: ${skipReason}`);
  describe.skipIf(skipReason !== null)(`${title}${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
    const scenario = new NamespaceScenario(script, limitMs);
    const dirs: string[] = [];

    afterAll(() => {
      scenario.kill();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    tests(async (env) => {
      // Made when the scenario runs, so that a skipped file leaves no folder behind.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${path.basename(script, "-scenario.ts")}-`));
      dirs.push(dir);
      const outcome = await scenario.run(dir, typeof env === "function" ? env(dir) : env);
      expect(outcome.report, `the scenario ended with ${outcome.code}:\n${outcome.output}`).toBeDefined();
      return { ...outcome, dir };
    });
  });
}
