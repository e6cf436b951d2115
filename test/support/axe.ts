// axe-core in a real page: the serious and critical violations, as "rule: target" lines, for the UI's browser tests.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { REPO_ROOT } from "./cli.ts";

const AXE = readFileSync(join(REPO_ROOT, "node_modules/axe-core/axe.min.js"), "utf8");

export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = (await page.evaluate(`axe.run(document).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 3) })))`)) as {
    id: string;
    impact: string;
    targets: string[];
  }[];
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.targets.join(", ")}`);
}
