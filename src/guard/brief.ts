// The brief injected before each run: a bounded digest of the contract (ranked in brief-rules.ts), trusted
// decisions and corrections, unverified agent notes, open loops and the last evidence. Every section has a cap,
// says what it hid, and reports each cut with its reason.
// Every line goes through the one redaction path first: the brief is sent to the model, and rules can come
// from files (team, personal) that never passed a store write.
import { sha256Hex } from "../core/hash.ts";
import { redact } from "../core/secrets.ts";
import { type BriefCut, CONTRACT_CHARS, rankContractRules } from "./brief-rules.ts";
import type { ContractRule } from "./contract/seed.ts";

export type { BriefCut } from "./brief-rules.ts";

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
  contractChars: CONTRACT_CHARS,
  decisions: 3,
  corrections: 3,
  lessons: 3,
  agentNotes: 2,
  loops: 2,
  text: 200,
  agentText: 120,
};

/** A capped section; what it hid is reported as a cut. */
function section(title: string, lines: string[], cap: number, more: string, cuts: BriefCut[]): string[] {
  if (lines.length === 0) return [];
  const shown = lines.slice(0, cap);
  const hidden = lines.length - shown.length;
  if (hidden > 0)
    cuts.push({
      section: title,
      what: `${hidden} older line(s) left out`,
      why: `at most ${cap} shown (${more})`,
    });
  return [
    `${title}:`,
    ...shown.map((line) => `- ${line}`),
    ...(hidden > 0 ? [`  (+${hidden} more: ${more})`] : []),
  ];
}

/** One brief line: redacted, then cut to one line of at most `max` characters. */
const briefLine = (text: string, max: number): string => oneLine(redact(text), max);

function evidenceLine(evidence: EvidenceLine | undefined): string {
  if (!evidence) return "last evidence: none yet; run keel_verify before claiming success";
  const trust = evidence.trusted ? "" : " (untrusted exit code)";
  const stale = evidence.stale ? " (stale: the tree changed since)" : "";
  return `last evidence: #${evidence.id} exit ${evidence.exitCode ?? "none"} in ${(evidence.durationMs / 1000).toFixed(1)}s: ${briefLine(evidence.command, 80)}${trust}${stale}`;
}

export interface Brief {
  text: string;
  /** What was shortened or left out, and why. */
  cuts: BriefCut[];
}

export function buildBrief(input: BriefInput): Brief {
  const L = BRIEF_LIMITS;
  const cuts: BriefCut[] = [];
  const trusted = (type: JournalLine["type"]) =>
    input.journal
      .filter((j) => j.trusted && j.type === type)
      .map((j) => `#${j.id} ${briefLine(j.text, L.text)}`);
  const agentNotes = input.journal
    .filter((j) => !j.trusted)
    .map((j) => `#${j.id} ${briefLine(j.text, L.agentText)}`);
  const rules = rankContractRules(input.contract, (r) => `[${r.id}] ${briefLine(r.text, L.text)}`);
  cuts.push(...rules.cuts);
  const text = [
    "keel brief (advisory; the user's words win)",
    ...(rules.lines.length > 0 ? ["contract:", ...rules.lines] : []),
    ...section("decisions", trusted("decision"), L.decisions, "keel journal --type decision", cuts),
    ...section("corrections", trusted("correction"), L.corrections, "keel journal --type correction", cuts),
    ...section("lessons", trusted("lesson"), L.lessons, "keel journal --type lesson", cuts),
    ...section("agent notes (unverified)", agentNotes, L.agentNotes, "keel journal", cuts),
    ...section(
      "open loops",
      input.loops.map((l) => `${l.failures}× failed: ${briefLine(l.command, L.agentText)}`),
      L.loops,
      "keel loops",
      cuts,
    ),
    evidenceLine(input.lastEvidence),
  ].join("\n");
  return { text, cuts };
}

export function renderBrief(input: BriefInput): string {
  return buildBrief(input).text;
}

/** What the brief's contract section shortens or leaves out of these rules, and why. */
export function contractCuts(contract: ContractRule[]): BriefCut[] {
  return buildBrief({ contract, journal: [], loops: [], lastEvidence: undefined }).cuts;
}

/** Cuts as lines for the surfaces that report them. */
export function describeCuts(cuts: BriefCut[]): string[] {
  return cuts.length === 0
    ? ["brief: nothing shortened or left out"]
    : cuts.map((c) => `brief ${c.section}: ${c.what} (${c.why})`);
}

/** The digest that decides whether the brief changed since it was last injected. */
export function briefDigest(text: string): string {
  return sha256Hex(text).slice(0, 16);
}
