// Verifies a summary against the extraction: typed gaps (missing goal, constraint, decision, file, error,
// open loop; fabricated path; an outcome claim the runs do not back (claims.ts); a line stating what a rule forbids or
// an error as fixed while it still fails) and the share of extracted facts the summary states. Word matching only; a bounded heuristic, not a proof of equivalence.
import { checkClaims, type RunEvidence, stillFailing } from "./claims.ts";
import type { Extraction } from "./extract/types.ts";

export type GapKind =
  | "missing-goal"
  | "missing-constraint"
  | "missing-decision"
  | "missing-file"
  | "missing-error"
  | "missing-open-loop"
  | "fabricated-path"
  | "unsupported-claim"
  | "contradiction";

export interface Gap {
  kind: GapKind;
  item: string;
  /** For a false or invented line: the summary line it sits on, why it is wrong, and a true replacement. */
  line?: string;
  why?: string;
  correction?: string;
}

export interface Verification {
  gaps: Gap[];
  /** 0..1: share of the facts the extraction found that the summary states (false lines are counted as gaps, not here). */
  coverage: number;
}

export interface Evidence {
  /** Tool attempts of the whole branch in order (the kept part too): what ran, whether it succeeded, whether it changed files. */
  attempts: RunEvidence[];
  /** The serialized conversation, to tell a grounded path from an invented one. */
  sourceText: string;
}

const MAX_READ_REQUIRED = 20;
const norm = (t: string) =>
  t
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/\s+/g, " ")
    .replace(/[.!?\s]+$/, "")
    .trim();
const words = (t: string) =>
  norm(t)
    .split(/[^a-z0-9_./-]+/)
    .filter((w) => w.length > 3);

function mostWords(haystack: string, text: string, share = 0.7): boolean {
  const list = words(text);
  if (list.length === 0) return true;
  return list.filter((w) => haystack.includes(w)).length / list.length >= share;
}

const ERRORS_FIXED =
  /\b(no (remaining )?errors|all errors (are )?(fixed|resolved)|(bug|issue|error)s? (is |are |was |were |has been |have been )?(fixed|resolved))\b/i;

/** Outcome claims against the runs, and "all errors fixed" against errors still failing at the latest state. */
function claimGaps(text: string, x: Extraction, evidence: Evidence): Gap[] {
  const gaps: Gap[] = checkClaims(text, evidence.attempts);
  const failing = x.errors.filter((e) => !e.resolved && stillFailingCommand(e.command, evidence));
  for (const raw of text.split("\n")) {
    const m = ERRORS_FIXED.exec(raw);
    if (!m || failing.length === 0) continue;
    gaps.push({
      kind: "contradiction",
      item: raw.replace(/^\s*([-*+]|\d+[.)])\s+/, "").trim(),
      line: raw.trim(),
      why: `${failing[0]?.command} still fails at the latest run`,
    });
  }
  return gaps;
}

function stillFailingCommand(command: string, evidence: Evidence): boolean {
  const attempt = evidence.attempts.find((a) => a.command === command);
  return attempt ? stillFailing(attempt.key, evidence.attempts) : true;
}

const PROHIBIT =
  /\b(never|don't|do not|must not|mustn't|avoid|no|not|under no circumstances|let's not|stop)\b/i;

function contradictionGaps(text: string, x: Extraction, evidence: Evidence): Gap[] {
  const gaps: Gap[] = [];
  const lines = text.split("\n").map((l) => ({ raw: l, n: norm(l) }));
  for (const rule of x.constraints) {
    const m = /\b(never|don't|do not|must not|mustn't|avoid)\s+(.*)$/i.exec(rule.text);
    const core = m
      ? norm(m[2] as string)
          .split(" ")
          .slice(0, 4)
          .join(" ")
      : "";
    if (core.split(" ").length < 2) continue;
    const bad = lines.find(
      (l) => l.n.includes(core) && !l.n.includes(norm(rule.text)) && !PROHIBIT.test(l.raw),
    );
    if (bad)
      gaps.push({
        kind: "contradiction",
        item: bad.raw.replace(/^\s*([-*+]|\d+[.)])\s+/, "").trim(),
        line: bad.raw.trim(),
        why: `it states what a rule forbids: ${rule.text}`,
      });
  }
  for (const e of x.errors.filter((err) => !err.resolved && stillFailingCommand(err.command, evidence))) {
    const bad = lines.find(
      (l) =>
        l.n.includes(norm(e.command)) &&
        /\b(resolved|fixed|now passes|succeeded)\b/.test(l.n) &&
        !/\bunresolved\b/.test(l.n),
    );
    if (bad)
      gaps.push({
        kind: "contradiction",
        item: bad.raw.replace(/^\s*([-*+]|\d+[.)])\s+/, "").trim(),
        line: bad.raw.trim(),
        why: `the latest run of ${e.command} failed`,
      });
  }
  return gaps;
}

const PATH_TOKEN =
  /(?:^|[\s(`'"])((?:\.{0,2}\/)?(?:[\w@.-]+\/)*[\w@-]+\.[A-Za-z][A-Za-z0-9]{0,5})(?=$|[\s)`'",:;])/g;

function fabricatedPaths(text: string, x: Extraction, evidence: Evidence): Gap[] {
  const known = new Set([...x.files.read, ...x.files.modified, ...x.files.deleted]);
  const gaps: Gap[] = [];
  for (const m of text.matchAll(PATH_TOKEN)) {
    const path = (m[1] as string).replace(/^\.\//, "");
    if (
      !path.includes("/") &&
      !/\.(ts|tsx|js|mjs|cjs|json|md|py|rs|go|java|rb|sh|yml|yaml|toml|sql|css|html|txt|lock|log)$/i.test(
        path,
      )
    )
      continue;
    if (/^\d+(\.\d+)+$/.test(path) || /^v?\d+\.\d+/.test(path)) continue;
    if (known.has(path) || evidence.sourceText.includes(path)) continue;
    if (!gaps.some((g) => g.item === path)) gaps.push({ kind: "fabricated-path", item: path });
  }
  return gaps;
}

export function verifySummary(summary: string, x: Extraction, evidence: Evidence): Verification {
  const hay = norm(summary);
  const gaps: Gap[] = [];
  let required = 0;
  const need = (ok: boolean, gap: Gap) => {
    required++;
    if (!ok) gaps.push(gap);
  };
  if (x.goal)
    need(hay.includes(norm(x.goal)) || mostWords(hay, x.goal), { kind: "missing-goal", item: x.goal });
  for (const c of x.constraints)
    need(hay.includes(norm(c.text)), { kind: "missing-constraint", item: c.text });
  for (const d of x.decisions) need(hay.includes(norm(d.text)), { kind: "missing-decision", item: d.text });
  for (const p of [...x.files.modified, ...x.files.deleted, ...x.files.read.slice(0, MAX_READ_REQUIRED)])
    need(summary.includes(p), { kind: "missing-file", item: p });
  for (const e of x.errors.filter((err) => !err.resolved && stillFailingCommand(err.command, evidence)))
    need(hay.includes(norm(e.command)), { kind: "missing-error", item: e.command });
  for (const l of x.openLoops.filter((loop) => loop.kind !== "unresolved-error"))
    need(mostWords(hay, l.text, 0.6), { kind: "missing-open-loop", item: l.text });
  // The user's own rules and decisions are quoted, not claimed: drop them before looking for claims.
  let rest = summary;
  for (const t of [...x.constraints.map((c) => c.text), ...x.decisions.map((d) => d.text)])
    rest = rest.split(t).join(" ");
  const bad = [
    ...claimGaps(rest, x, evidence),
    ...contradictionGaps(rest, x, evidence),
    ...fabricatedPaths(rest, x, evidence),
  ];
  gaps.push(...bad);
  const missing = gaps.length - bad.length;
  const base = required === 0 ? 1 : (required - missing) / required;
  return { gaps, coverage: Math.max(0, Math.min(1, base)) };
}
