// The brief injected before each run: a bounded digest of the contract, trusted decisions and corrections,
// unverified agent notes, open loops and the last evidence. Every section has a cap and says what it hid.
// Every line goes through the one redaction path first: the brief is sent to the model, and rules can come
// from files (team, personal) that never passed a store write.
import { sha256Hex } from "../core/hash.ts";
import { redact } from "../core/secrets.ts";
import type { ContractRule } from "./contract/seed.ts";
import { oneLine } from "./text.ts";

export interface JournalLine {
  id: number;
  type: "decision" | "correction" | "note" | "lesson";
  text: string;
  trusted: boolean;
}

export interface EvidenceLine {
  id: number;
  exitCode: number | null;
  durationMs: number;
  command: string;
  trusted: boolean;
  stale: boolean;
}

export interface BriefInput {
  contract: ContractRule[];
  /** Newest first. */
  journal: JournalLine[];
  loops: Array<{ command: string; failures: number }>;
  lastEvidence: EvidenceLine | undefined;
}

export const BRIEF_LIMITS = {
  rules: 12,
  decisions: 3,
  corrections: 3,
  lessons: 3,
  agentNotes: 2,
  loops: 2,
  text: 200,
  agentText: 120,
};

/** Owner rules first (newest first), then the seed, then the rest: an agent rule cannot crowd out a seed. */
function pickRules(contract: ContractRule[]): ContractRule[] {
  const owner = contract.filter((r) => r.origin === "owner").reverse();
  const seed = contract.filter((r) => r.origin === "seed");
  const rest = contract.filter((r) => r.origin !== "owner" && r.origin !== "seed");
  return [...owner, ...seed, ...rest];
}

function section(title: string, lines: string[], cap: number, more: string): string[] {
  if (lines.length === 0) return [];
  const shown = lines.slice(0, cap);
  const hidden = lines.length - shown.length;
  return [
    `${title}:`,
    ...shown.map((line) => `- ${line}`),
    ...(hidden > 0 ? [`  (+${hidden} more: ${more})`] : []),
  ];
}

/** One brief line: redacted, then cut to one line of at most `max` characters. */
const briefLine = (text: string, max: number): string => oneLine(redact(text), max);

export function renderBrief(input: BriefInput): string {
  const L = BRIEF_LIMITS;
  const trusted = (type: JournalLine["type"]) =>
    input.journal
      .filter((j) => j.trusted && j.type === type)
      .map((j) => `#${j.id} ${briefLine(j.text, L.text)}`);
  const agentNotes = input.journal
    .filter((j) => !j.trusted)
    .map((j) => `#${j.id} ${briefLine(j.text, L.agentText)}`);
  const evidence = input.lastEvidence;
  return [
    "keel brief (advisory; the user's words win)",
    ...section(
      "contract",
      pickRules(input.contract).map((r) => `[${r.id}] ${briefLine(r.text, L.text)}`),
      L.rules,
      "keel contract list",
    ),
    ...section("decisions", trusted("decision"), L.decisions, "keel journal --type decision"),
    ...section("corrections", trusted("correction"), L.corrections, "keel journal --type correction"),
    ...section("lessons", trusted("lesson"), L.lessons, "keel journal --type lesson"),
    ...section("agent notes (unverified)", agentNotes, L.agentNotes, "keel journal"),
    ...section(
      "open loops",
      input.loops.map((l) => `${l.failures}× failed: ${briefLine(l.command, L.agentText)}`),
      L.loops,
      "keel loops",
    ),
    ...(evidence
      ? [
          `last evidence: #${evidence.id} exit ${evidence.exitCode ?? "none"} in ${(evidence.durationMs / 1000).toFixed(1)}s: ${briefLine(evidence.command, 80)}${evidence.trusted ? "" : " (untrusted exit code)"}${evidence.stale ? " (stale: the tree changed since)" : ""}`,
        ]
      : ["last evidence: none yet; run keel_verify before claiming success"]),
  ].join("\n");
}

/** The digest that decides whether the brief changed since it was last injected. */
export function briefDigest(text: string): string {
  return sha256Hex(text).slice(0, 16);
}
