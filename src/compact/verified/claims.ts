// Outcome claims in a summary ("all 4 tests passed", "the build succeeds", "deployed") checked against the
// session's runs, sentence by sentence. A claim stands when the latest matching run succeeded and nothing
// changed files after it; it is a contradiction only when the latest matching run failed (an older failure
// does not count); otherwise it is unsupported. Each finding names its sentence, its line and why.
import { isTestCommand } from "./extract/errors.ts";

export interface RunEvidence {
  command: string;
  ok: boolean;
  key: string;
  change: boolean;
}

export interface ClaimFinding {
  kind: "unsupported-claim" | "contradiction";
  /** The sentence that makes the claim, as written. */
  item: string;
  /** The summary line it sits on (trimmed). */
  line: string;
  why: string;
  /** A true sentence to put in its place, when the session says the opposite. */
  correction?: string;
}

interface ClaimKind {
  name: string;
  claim: RegExp;
  runs: (command: string) => boolean;
}

const NEGATED = /\b(not|n't|never|no longer|fail|fails|failed|failing|still red|broken|pending|yet to)\b/i;
const KINDS: ClaimKind[] = [
  {
    name: "test",
    claim:
      /\b(all )?(\d+ |the |unit |e2e )?(tests?|specs?|test suite|suite) (now |all |still )?(pass|passes|passed|passing|are (passing|green)|is green|succeeded|succeed|went green|run green)\b|\b(green|passing) (test suite|tests|ci)\b/i,
    runs: isTestCommand,
  },
  {
    name: "build",
    claim:
      /\bbuild (now )?(succeeded|succeeds|passes|passed|is green|works)\b|\bbuilds? (cleanly|successfully)\b/i,
    runs: (c) => /\b(build|compile|tsc|make|cargo build|bundle|esbuild|webpack|vite build)\b/i.test(c),
  },
  {
    name: "deploy",
    claim: /\b(deployed|deployment (succeeded|is live)|is live in production)\b/i,
    runs: (c) => /\b(deploy|release|publish)\b/i.test(c),
  },
];

/** The sentences of a line, with their exact text. */
function sentencesOfLine(line: string): string[] {
  const body = line.replace(/^\s*([-*+]|\d+[.)])\s+/, "");
  return (body.match(/[^.!?]+(?:[.!?]+|$)/g) ?? []).map((s) => s.trim()).filter((s) => s !== "");
}

function judge(kind: ClaimKind, runs: readonly RunEvidence[]): Omit<ClaimFinding, "item" | "line"> | null {
  let last = -1;
  runs.forEach((run, i) => {
    if (kind.runs(run.command)) last = i;
  });
  const latest = runs[last];
  if (!latest) return { kind: "unsupported-claim", why: `no ${kind.name} run in the session` };
  if (!latest.ok)
    return {
      kind: "contradiction",
      why: `the latest run of ${latest.command} failed`,
      correction: `The latest run of \`${latest.command}\` failed.`,
    };
  if (runs.slice(last + 1).some((r) => r.change))
    return {
      kind: "unsupported-claim",
      why: `files changed after the last passing run of ${latest.command}`,
    };
  return null;
}

/** Claims in `text` the runs do not support, in order. */
export function checkClaims(text: string, runs: readonly RunEvidence[]): ClaimFinding[] {
  const out: ClaimFinding[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    for (const sentence of sentencesOfLine(line)) {
      const kind = KINDS.find((k) => k.claim.test(sentence));
      if (!kind) continue;
      if (NEGATED.test(sentence.replace(kind.claim, ""))) continue;
      const verdict = judge(kind, runs);
      if (verdict) out.push({ ...verdict, item: sentence, line });
    }
  }
  return out;
}

/** Whether a failure with this key is still the latest state (no later success with the same key). */
export function stillFailing(key: string, runs: readonly RunEvidence[]): boolean {
  for (let i = runs.length - 1; i >= 0; i--) if (runs[i]?.key === key) return runs[i]?.ok === false;
  return false;
}
