// Compaction settings per branch: `/keel compact strategy|cap` appends a custom entry, and the latest one on the
// active branch wins, so settings follow forks, tree navigation and reloads without an in-memory flag.

import type { CustomEntry } from "@earendil-works/pi-coding-agent";
import { isCustomEntry } from "../session/custom-entries.ts";
import { DEFAULT_STRATEGY, isStrategyName, type StrategyName } from "./strategy.ts";
import { type CapSetting, parseCap } from "./verbatim/index.ts";
import { DEFAULT_MODE, isMode, type Mode } from "./verified/modes.ts";

export const COMPACT_SETTINGS_TYPE = "keel.compact.settings";
export const DEFAULT_CAP_TEXT = "25%";

export interface CompactSettings {
  strategy: StrategyName;
  cap: CapSetting;
  capText: string;
  /** The verified strategy's mode, strict setting and per-call timeout override (0: scaled to the model). */
  mode: Mode;
  strict: boolean;
  timeoutMs: number;
  /** Compact with the verified strategy at idle once context use reaches this percent (0: off). */
  autoPercent: number;
}

/** A `/keel compact …` settings entry as written; read back from disk, so its fields are checked. */
type SettingsEntry = CustomEntry<{
  strategy?: unknown;
  cap?: unknown;
  mode?: unknown;
  strict?: unknown;
  timeoutMs?: unknown;
  autoPercent?: unknown;
}>;

const DEFAULT_CAP = (() => {
  const parsed = parseCap(DEFAULT_CAP_TEXT);
  if (!parsed.ok) throw new Error(`bad default cap: ${parsed.reason}`);
  return parsed.value;
})();

export function defaultSettings(): CompactSettings {
  return {
    strategy: DEFAULT_STRATEGY,
    cap: DEFAULT_CAP,
    capText: DEFAULT_CAP_TEXT,
    mode: DEFAULT_MODE,
    strict: false,
    timeoutMs: 0,
    autoPercent: 0,
  };
}

/** Folds every settings entry on the branch, oldest first; malformed values are skipped. */
export function compactSettingsOf(branch: readonly unknown[]): CompactSettings {
  const settings = defaultSettings();
  for (const raw of branch) {
    // The type test first: most entries are not custom, and it saves a call for each of them.
    if ((raw as { type?: unknown } | null)?.type !== "custom" || !isCustomEntry(raw, COMPACT_SETTINGS_TYPE))
      continue;
    const data = (raw as Partial<SettingsEntry>).data;
    const { strategy, cap, mode, strict, timeoutMs, autoPercent } = data ?? {};
    if (typeof autoPercent === "number" && autoPercent >= 0 && autoPercent <= 100)
      settings.autoPercent = autoPercent;
    if (typeof mode === "string" && isMode(mode)) settings.mode = mode;
    if (typeof strict === "boolean") settings.strict = strict;
    if (typeof timeoutMs === "number" && Number.isFinite(timeoutMs) && timeoutMs >= 0)
      settings.timeoutMs = timeoutMs;
    if (typeof strategy === "string" && isStrategyName(strategy)) settings.strategy = strategy;
    if (typeof cap === "string") {
      const parsed = parseCap(cap);
      if (parsed.ok) {
        settings.cap = parsed.value;
        settings.capText = cap;
      }
    }
  }
  return settings;
}
