// Verifies a summary against the extraction: typed gaps (missing goal, constraint, decision, file, error,
// open loop; fabricated path; an outcome claim with no successful related tool result; a contradiction of a
// prohibition) and a coverage score. Word matching only; a bounded heuristic, not a proof of equivalence.
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
}

export interface Verification {
  gaps: Gap[];
  /** 0..1: share of required facts present, less a penalty per fabricated, unsupported or contradicting line. */
  coverage: number;
}

export interface Evidence {
  /** Tool attempts in order: the command (or `<tool> <path>`) and whether it succeeded. */
  attempts: { command: string; ok: boolean }[];
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

const CLAIMS: { re: RegExp; command: RegExp | null }[] = [
  {
    re: /\b(all )?tests? (now )?(pass|passed|passing|are green|succeeded)\b|\btest suite (passes|passed|is green)\b/i,
    command: /\b(test|tests|vitest|jest|pytest|mocha|spec|check)\b/i,
  },
  {
    re: /\bbuild (succeeded|succeeds|passes|passed|is green|works)\b|\bbuilds? (cleanly|successfully)\b/i,
    command: /\b(build|compile|tsc|make|cargo|bundle)\b/i,
  },
  { re: /\b(deployed|deployment (succeeded|is live))\b/i, command: /\b(deploy|release|publish)\b/i },
  {
    re: /\b(no (remaining )?errors|all errors (are )?(fixed|resolved)|(bug|issue|error) (is |was |has been )?(fixed|resolved))\b/i,
    command: null,
  },
];

function claimGaps(text: string, x: Extraction, evidence: Evidence): Gap[] {
  const gaps: Gap[] = [];
  for (const line of text.split("\n")) {
    for (const claim of CLAIMS) {
      const m = claim.re.exec(line);
      if (!m) continue;
      const supported = claim.command
        ? (() => {
            const related = evidence.attempts.filter((a) => claim.command?.test(a.command));
            return related.length > 0 && related.at(-1)?.ok === true;
          })()
        : x.errors.every((e) => e.resolved);
      if (!supported) gaps.push({ kind: "unsupported-claim", item: line.trim() });
    }
  }
  return gaps;
}

const PROHIBIT =
  /\b(never|don't|do not|must not|mustn't|avoid|no|not|under no circumstances|let's not|stop)\b/i;

function contradictionGaps(text: string, x: Extraction): Gap[] {
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
    if (bad) gaps.push({ kind: "contradiction", item: bad.raw.trim() });
  }
  for (const e of x.errors.filter((err) => !err.resolved)) {
    const bad = lines.find(
      (l) =>
        l.n.includes(norm(e.command)) &&
        /\b(resolved|fixed|now passes|succeeded)\b/.test(l.n) &&
        !/\bunresolved\b/.test(l.n),
    );
    if (bad) gaps.push({ kind: "contradiction", item: bad.raw.trim() });
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
  for (const e of x.errors.filter((err) => !err.resolved))
    need(hay.includes(norm(e.command)), { kind: "missing-error", item: e.command });
  for (const l of x.openLoops.filter((loop) => loop.kind !== "unresolved-error"))
    need(mostWords(hay, l.text, 0.6), { kind: "missing-open-loop", item: l.text });
  // The user's own rules and decisions are quoted, not claimed: drop them before looking for claims.
  let rest = summary;
  for (const t of [...x.constraints.map((c) => c.text), ...x.decisions.map((d) => d.text)])
    rest = rest.split(t).join(" ");
  const bad = [
    ...claimGaps(rest, x, evidence),
    ...contradictionGaps(rest, x),
    ...fabricatedPaths(rest, x, evidence),
  ];
  gaps.push(...bad);
  const missing = gaps.length - bad.length;
  const base = required === 0 ? 1 : (required - missing) / required;
  return { gaps, coverage: Math.max(0, Math.min(1, base - 0.05 * bad.length)) };
}
