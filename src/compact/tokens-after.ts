// The one way keel sizes what a compaction left in the context: the summary plus the kept entries the next
// request carries, at four characters a token. It runs once, when pi confirms the compaction and keel records it;
// every page and chart reads that record, and an older record without the figure is sized by this same function.
// Also owns the split of a compaction's span into what it summarized and what it kept.
import { type BranchEntry, messageOf, stringField } from "../session/entries.ts";
import { renderEntryLines } from "../session/render-text.ts";
import { CHARS_PER_TOKEN } from "./verbatim/types.ts";

/** "measured" when a provider counted it; "estimated" when sized from characters. */
export type TokensAfterBasis = "measured" | "estimated";

export interface TokensAfter {
  tokens: number;
  basis: TokensAfterBasis;
}

export const TOKENS_AFTER_BASES: readonly TokensAfterBasis[] = ["measured", "estimated"];

/** Entry types pi puts into the model's context after a compaction (custom entries and labels stay out). */
const SENT_TYPES = new Set(["message", "custom_message", "branch_summary"]);

/**
 * The branch before a compaction entry (the branch's last entry), from the previous compaction's kept start,
 * split at `firstKept`: what the summary replaced and what stayed verbatim.
 */
export function splitCompactionSpan(branch: readonly BranchEntry[], firstKept: string | null) {
  const upTo = branch.slice(0, -1);
  let start = 0;
  for (let i = upTo.length - 1; i >= 0; i--) {
    const e = upTo[i];
    if (e?.type !== "compaction") continue;
    const prevKept = stringField(e, "firstKeptEntryId");
    const at = prevKept ? upTo.findIndex((x) => x.id === prevKept) : -1;
    start = at >= 0 && at < i ? at : i + 1;
    break;
  }
  const span = upTo.slice(start).filter((e) => e.type !== "compaction");
  const cut = firstKept ? span.findIndex((e) => e.id === firstKept) : -1;
  return cut < 0 ? { compacted: span, kept: [] } : { compacted: span.slice(0, cut), kept: span.slice(cut) };
}

/** The share of the tokens before that the compaction removed (0.9 = 90%), or null without a count before. */
export function savingRatio(before: number | null, after: number): number | null {
  return before !== null && before > 0 ? 1 - after / before : null;
}

/** Characters of the summary and the kept entries the model is sent, as tokens (rounded up). */
export function estimateTokensAfter(summary: string, kept: readonly BranchEntry[]): number {
  let chars = summary.length;
  for (const entry of kept) {
    if (!SENT_TYPES.has(String(entry.type)) && messageOf(entry) === undefined) continue;
    // The text lookup renders, without its header line: the content the request carries.
    const lines = renderEntryLines(entry);
    for (let i = 1; i < lines.length; i++) chars += (lines[i] as string).length + 1;
  }
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/** Tokens after the compaction `entryId` on `branch` (root first; entries after it are ignored). */
export function tokensAfterOnBranch(
  branch: readonly BranchEntry[],
  entryId: string,
): TokensAfter | undefined {
  const at = branch.findIndex((e) => e.id === entryId);
  const entry = branch[at];
  if (entry?.type !== "compaction") return undefined;
  const upTo = branch.slice(0, at + 1);
  const { kept } = splitCompactionSpan(upTo, stringField(entry, "firstKeptEntryId") ?? null);
  return { tokens: estimateTokensAfter(stringField(entry, "summary") ?? "", kept), basis: "estimated" };
}
