// Parses `/keel compact verified [fast|balanced|thorough] [--dry-run] [focus…]` and the verified settings
// verbs (`strict on|off`, `timeout <seconds>|auto`, `mode <m>`): words in, a request or one clear reason out.
import { ok, type Result } from "../../core/result.ts";
import { isMode, type Mode } from "./modes.ts";

export interface VerifiedCommand {
  mode?: Mode;
  dryRun: boolean;
  focus?: string;
}

export function parseVerifiedArgs(words: readonly string[]): VerifiedCommand {
  const rest = [...words];
  const dryRun = rest.includes("--dry-run");
  const kept = rest.filter((w) => w !== "--dry-run");
  const mode = kept[0] !== undefined && isMode(kept[0]) ? (kept.shift() as Mode) : undefined;
  const focus = kept.join(" ").trim();
  return { dryRun, ...(mode ? { mode } : {}), ...(focus ? { focus: focus.slice(0, 500) } : {}) };
}

/** The settings to store and the line that confirms them, or a usage sentence. */
export type SettingChange = Result<{ data: Record<string, unknown>; text: string }>;

export function parseVerifiedSetting(verb: string, value: string | undefined): SettingChange {
  if (verb === "strict") {
    if (value !== "on" && value !== "off") return { ok: false, reason: "usage: /keel compact strict on|off" };
    return ok({ data: { strict: value === "on" }, text: `strict verified compaction ${value}` });
  }
  if (verb === "mode") {
    if (value === undefined || !isMode(value))
      return { ok: false, reason: "usage: /keel compact mode fast|balanced|thorough" };
    return ok({ data: { mode: value }, text: `verified compaction mode ${value}` });
  }
  if (verb === "auto") {
    if (value === "off") return ok({ data: { autoPercent: 0 }, text: "automatic verified compaction off" });
    const percent = Number(value?.replace(/%$/, ""));
    if (value === undefined || !Number.isInteger(percent) || percent < 10 || percent > 99)
      return { ok: false, reason: "usage: /keel compact auto <percent 10-99>|off" };
    return ok({
      data: { autoPercent: percent },
      text: `automatic verified compaction at ${percent}% context`,
    });
  }
  if (value === "auto") return ok({ data: { timeoutMs: 0 }, text: "per-call timeout scaled to the model" });
  const seconds = Number(value);
  if (value === undefined || !Number.isFinite(seconds) || seconds <= 0 || seconds > 7200)
    return { ok: false, reason: "usage: /keel compact timeout <seconds 1-7200>|auto" };
  return ok({ data: { timeoutMs: Math.round(seconds * 1000) }, text: `per-call timeout ${seconds} s` });
}
