// keel_check: which contract rules a claim touches (shared significant words) and whether fresh, trusted
// evidence backs it. Keyword coverage only: a prompt to review, never proof.
import type { ContractRule } from "./contract/seed.ts";

const STOP = new Set(
  "the a an and or of to in on for with is are was be it this that as at by from not no do does did have has use using all any each into than then when before after".split(
    " ",
  ),
);

export function keywords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 2 && !STOP.has(word))
      .map((word) => word.replace(/(ing|ed|es|s)$/, "")),
  );
}

export interface ClaimCheck {
  rules: Array<{ id: string; text: string; shared: string[] }>;
  evidence: "fresh" | "stale" | "untrusted" | "failed" | "none";
  advice: string;
}

export function checkClaim(
  claim: string,
  rules: ContractRule[],
  evidence: { exitCode: number | null; trusted: boolean; stale: boolean } | undefined,
): ClaimCheck {
  const words = keywords(claim);
  const touched = rules
    .map((rule) => ({
      id: rule.id,
      text: rule.text,
      shared: [...keywords(rule.text)].filter((w) => words.has(w)),
    }))
    .filter((rule) => rule.shared.length > 0)
    .sort((a, b) => b.shared.length - a.shared.length)
    .slice(0, 6);
  const state = !evidence
    ? "none"
    : evidence.exitCode !== 0
      ? "failed"
      : !evidence.trusted
        ? "untrusted"
        : evidence.stale
          ? "stale"
          : "fresh";
  const advice =
    state === "fresh"
      ? "The latest evidence passed on the current tree; cite its id."
      : "Run keel_verify with a command that demonstrates the claim before stating it as done.";
  return { rules: touched, evidence: state, advice };
}
