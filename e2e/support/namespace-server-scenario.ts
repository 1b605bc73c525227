import path from "node:path";
import type { NamespaceScenarioSuite } from "@/lib/telephony/testing/describe-namespace-scenario";
import { namespaceServerSkipReason } from "@/lib/telephony/testing/network-namespace";

/** A scenario here that starts the product in a namespace: it runs in the PGlite API suite only (namespaceServerSkipReason). */
export function serverScenario(file: string, limitMs: number): NamespaceScenarioSuite {
  return { script: path.join(__dirname, file), limitMs, skipReason: namespaceServerSkipReason(Boolean(process.env.TEST_DATABASE_URL)) };
}
