// Pi adapter for the verified strategy's runs: `/keel compact verified [mode] [--dry-run] [focus…]` (a one-off
// run handed to the next session_before_compact), the options a run gets from settings and the session's model,
// and automatic compaction at idle. The strategy itself lives in src/compact/verified/.
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { CompactSettings } from "../src/compact/settings.ts";
import { compactSettingsOf } from "../src/compact/settings.ts";
import { decideAutoCompaction } from "../src/compact/verified/auto.ts";
import { parseVerifiedArgs, type VerifiedCommand } from "../src/compact/verified/command.ts";
import { previewVerified } from "../src/compact/verified/dry-run.ts";
import type { VerifiedOptions } from "../src/compact/verified/strategy.ts";
import { systemClock } from "../src/core/clock.ts";
import { bindCompleter } from "../src/llm/complete.ts";

export const COMPACT_USAGE =
  "/keel compact [strategy [verbatim|native|verified] | cap [off|<n>|<n>tokens|<n>%] | verified [fast|balanced|thorough] [--dry-run] [focus…] | strict on|off | mode <m> | timeout <s>|auto | auto <percent>|off]";

type CompactingContext = ExtensionContext & { compact?: (o?: object) => void };

export interface VerifiedRuns {
  command(words: string[], ctx: CompactingContext): void;
  /** The one-off run waiting for this compaction, if any (taken once). */
  takeOneOff(): VerifiedCommand | undefined;
  options(
    ctx: ExtensionContext,
    settings: CompactSettings,
    run: VerifiedCommand | undefined,
    signal: AbortSignal | undefined,
  ): VerifiedOptions;
  settled(event: { aborted?: boolean }, ctx: CompactingContext): void;
}

export function createVerifiedRuns(protectedBlock: () => string): VerifiedRuns {
  let oneOff: VerifiedCommand | undefined;
  let lastAutoAt: number | undefined;
  const compactNow = (ctx: CompactingContext, failure: string) =>
    ctx.compact?.({
      onError: (error: Error) => {
        oneOff = undefined;
        ctx.ui.notify(`keel: ${failure}: ${error.message}`, "warning");
      },
    });
  return {
    command(words, ctx) {
      const request = parseVerifiedArgs(words);
      const settings = compactSettingsOf(ctx.sessionManager.getBranch());
      const mode = request.mode ?? settings.mode;
      if (request.dryRun) {
        const model = ctx.model;
        const text = previewVerified({
          branch: ctx.sessionManager.getBranch(),
          cwd: ctx.cwd,
          protectedBlock: protectedBlock(),
          mode,
          strict: settings.strict,
          timeoutMs: settings.timeoutMs,
          model: { contextWindow: model?.contextWindow, maxTokens: model?.maxTokens },
        });
        ctx.ui.notify(text, "info");
        return;
      }
      oneOff = { ...request, mode };
      ctx.ui.notify(`keel: compacting with the verified strategy (${mode})`, "info");
      compactNow(ctx, "compaction did not run");
    },
    takeOneOff() {
      const run = oneOff;
      oneOff = undefined;
      return run;
    },
    options: verifiedOptions,
    settled(event, ctx) {
      const settings = compactSettingsOf(ctx.sessionManager.getBranch());
      const decision = decideAutoCompaction({
        thresholdPercent: settings.autoPercent,
        usagePercent: ctx.getContextUsage()?.percent ?? null,
        aborted: event.aborted === true,
        lastAutoAt,
        now: systemClock.now(),
      });
      if (!decision.run) return;
      lastAutoAt = systemClock.now();
      oneOff = { mode: settings.mode, dryRun: false };
      ctx.ui.notify(`keel: compacting with the verified strategy: ${decision.why}`, "info");
      compactNow(ctx, "automatic compaction did not run");
    },
  };
}

/** The verified strategy's options for this compaction: settings, a one-off command, the session's model. */
function verifiedOptions(
  ctx: ExtensionContext,
  settings: CompactSettings,
  run: VerifiedCommand | undefined,
  signal: AbortSignal | undefined,
): VerifiedOptions {
  const model = ctx.model;
  return {
    mode: run?.mode ?? settings.mode,
    strict: settings.strict,
    ...(run?.focus ? { focus: run.focus } : {}),
    ...(settings.timeoutMs > 0 ? { timeoutMs: settings.timeoutMs } : {}),
    model: { contextWindow: model?.contextWindow, maxTokens: model?.maxTokens, reasoning: model?.reasoning },
    ...(model ? { complete: bindCompleter(ctx.modelRegistry, model, signal) } : {}),
    now: () => systemClock.now(),
  };
}
