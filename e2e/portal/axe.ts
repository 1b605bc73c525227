import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

// axe-core on a portal page (accessibility.spec.ts, dark-theme.spec.ts): WCAG 2.1 A and AA rules.

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The serious and critical violations on the page, one line each: rule, what it says, where. */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules(rules) : builder.withTags(WCAG)).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1).join(" ").trim() ?? v.help}`),
    );
}
