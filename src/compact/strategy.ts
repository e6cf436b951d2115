// The compaction strategy registry: keel's single session_before_compact owner asks it which strategy runs.
// Today only `native` exists: it returns nothing so pi writes its own summary, which keel still records.

export type StrategyName = "native";

export interface CompactionRequest {
  reason: string;
  firstKeptEntryId: string;
  tokensBefore: number;
}

/** What a strategy hands back to pi: a summary to store, or undefined to let pi summarize. */
export interface CompactionProposal {
  summary: string;
  firstKeptEntryId: string;
  tokensBefore: number;
  details: { keel: { strategy: StrategyName; version: number } };
}

export interface CompactionStrategy {
  name: StrategyName;
  propose(request: CompactionRequest): Promise<CompactionProposal | undefined>;
}

const nativeStrategy: CompactionStrategy = {
  name: "native",
  propose: async () => undefined,
};

const STRATEGIES: Record<StrategyName, CompactionStrategy> = { native: nativeStrategy };

export const DEFAULT_STRATEGY: StrategyName = "native";

export function strategyNames(): StrategyName[] {
  return Object.keys(STRATEGIES) as StrategyName[];
}

export function getStrategy(name: StrategyName = DEFAULT_STRATEGY): CompactionStrategy {
  return STRATEGIES[name];
}

/** Which strategy produced a confirmed compaction entry: keel's own carry details.keel, the rest are pi's. */
export function strategyOfEntry(details: unknown): string {
  const keel = (details as { keel?: { strategy?: unknown } } | undefined)?.keel;
  return typeof keel?.strategy === "string" ? keel.strategy : "native";
}
