// Pi adapter for compaction: the single session_before_compact owner (strategy per branch, verbatim by default),
// recording confirmed compactions, the re-orientation reminder, and `/keel compact [strategy|cap]`.
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { recordConfirmedCompaction } from "../src/compact/record.ts";
import { type PendingReminder, pendingFromBranch, placeReminder } from "../src/compact/reorientation.ts";
import { COMPACT_SETTINGS_TYPE, type CompactSettings, compactSettingsOf } from "../src/compact/settings.ts";
import { isStrategyName, proposeWithStrategy, STRATEGY_NAMES } from "../src/compact/strategy.ts";
import {
  type ContextFile,
  instructionBlocks,
  parseCap,
  REORIENT_CUSTOM_TYPE,
} from "../src/compact/verbatim/index.ts";
import { decideAutoCompaction } from "../src/compact/verified/auto.ts";
import {
  parseVerifiedArgs,
  parseVerifiedSetting,
  type VerifiedCommand,
} from "../src/compact/verified/command.ts";
import { previewVerified } from "../src/compact/verified/dry-run.ts";
import type { VerifiedOptions } from "../src/compact/verified/strategy.ts";
import { systemClock } from "../src/core/clock.ts";
import { bindCompleter } from "../src/llm/complete.ts";
import type { BranchEntry } from "../src/session/entries.ts";
import { guarded } from "./guarded.ts";
import type { KeelCommandRouter } from "./keel-command.ts";
import type { ProtectAdapter } from "./protect.ts";
import type { SessionRuntime } from "./runtime.ts";

export function registerCompaction(
  pi: ExtensionAPI,
  runtime: () => SessionRuntime | undefined,
  router: KeelCommandRouter,
  protect?: Pick<ProtectAdapter, "block" | "snapshot">,
): void {
  let contextFiles: ContextFile[] = [];
  let staged: { reorientation: string } | undefined;
  let pending: PendingReminder | undefined;
  // A `/keel compact verified …` run waiting for pi's session_before_compact.
  let oneOff: VerifiedCommand | undefined;

  pi.on("session_start", async (_event, ctx) => {
    staged = undefined;
    pending = undefined;
    await guarded(ctx, "restoring the compaction reminder", async () => {
      pending = pendingFromBranch(ctx.sessionManager.getBranch() as unknown as BranchEntry[]);
    });
  });

  pi.on("session_before_compact", async (event, ctx) =>
    guarded(ctx, "compaction", async () => {
      protect?.snapshot();
      const branch = event.branchEntries as unknown as BranchEntry[];
      const settings = compactSettingsOf(branch);
      const run = oneOff;
      oneOff = undefined;
      const outcome = await proposeWithStrategy(
        run ? "verified" : settings.strategy,
        {
          reason: event.reason,
          firstKeptEntryId: event.preparation.firstKeptEntryId,
          tokensBefore: event.preparation.tokensBefore,
          isSplitTurn: event.preparation.isSplitTurn,
          branch,
          cwd: ctx.cwd,
          cap: settings.cap,
          contextWindow: ctx.model?.contextWindow,
          contextFiles: contextFiles.length > 0 ? contextFiles : instructionBlocks(ctx.getSystemPrompt()),
          protectedBlock: protect?.block() ?? "",
          at: new Date(systemClock.now()).toISOString(),
        },
        verifiedOptions(ctx, settings, run, event.signal),
      );
      if (outcome.kind === "cancel") {
        staged = undefined;
        ctx.ui.notify(`keel: ${outcome.reason}`, "warning");
        return { cancel: true };
      }
      if (outcome.kind === "native") {
        staged = undefined;
        if (outcome.note) ctx.ui.notify(`keel: ${outcome.note}`, "warning");
        return undefined;
      }
      const { reorientation, warnings, ...compaction } = outcome.proposal;
      staged = { reorientation };
      if (warnings.length > 0) ctx.ui.notify(`keel checkpoint: ${warnings.join("; ")}`, "info");
      return { compaction };
    }),
  );

  // Automatic verified compaction: only at idle, so never inside a tool loop.
  let lastAutoAt: number | undefined;
  pi.on("agent_settled", async (event, ctx) =>
    guarded(ctx, "automatic compaction", async () => {
      const settings = compactSettingsOf(ctx.sessionManager.getBranch());
      const decision = decideAutoCompaction({
        thresholdPercent: settings.autoPercent,
        usagePercent: ctx.getContextUsage()?.percent ?? null,
        aborted: event.aborted,
        lastAutoAt,
        now: systemClock.now(),
      });
      if (!decision.run) return;
      lastAutoAt = systemClock.now();
      oneOff = { mode: settings.mode, dryRun: false };
      ctx.ui.notify(`keel: compacting with the verified strategy: ${decision.why}`, "info");
      ctx.compact({
        onError: (error: Error) =>
          ctx.ui.notify(`keel: automatic compaction did not run: ${error.message}`, "warning"),
      });
    }),
  );

  pi.on("session_compact", async (event, ctx) => {
    if (event.fromExtension && staged) {
      pending = {
        compactionId: event.compactionEntry.id,
        text: staged.reorientation,
        persisted: false,
        placed: false,
      };
    }
    staged = undefined;
    await guarded(ctx, "recording the compaction", async () => {
      const rt = runtime();
      if (!rt?.store || !rt.identity.ok) return;
      await recordConfirmedCompaction(
        { db: rt.store.db, clock: systemClock },
        {
          projectId: rt.identity.value.id,
          sessionId: ctx.sessionManager.getSessionId(),
          sessionFile: ctx.sessionManager.getSessionFile(),
          entry: event.compactionEntry,
          reason: event.reason,
          fromExtension: event.fromExtension,
        },
      );
    });
  });

  pi.on("before_agent_start", async (event) => {
    const supplied = event.systemPromptOptions?.contextFiles ?? [];
    contextFiles =
      supplied.length > 0
        ? supplied.map((f) => ({ path: f.path, content: f.content }))
        : instructionBlocks(event.systemPrompt);
    if (!pending || pending.persisted) return undefined;
    pending.persisted = true;
    return {
      message: {
        customType: REORIENT_CUSTOM_TYPE,
        content: pending.text,
        display: false,
        details: { compactionId: pending.compactionId },
      },
    };
  });

  // Runs before every model request: it only works when a reminder is pending, so it stays O(1) otherwise.
  pi.on("context", async (event) => {
    if (!pending) return undefined;
    const messages = placeReminder(
      event.messages as Array<(typeof event.messages)[number] & { customType?: string }>,
      pending,
    );
    if (pending.placed && pending.persisted) pending = undefined;
    return messages ? { messages } : undefined;
  });

  router.add(
    "compact",
    "/keel compact [strategy [verbatim|native|verified] | cap [off|<n>|<n>tokens|<n>%] | verified [fast|balanced|thorough] [--dry-run] [focus…] | strict on|off | mode <m> | timeout <s>|auto | auto <percent>|off]",
    async (args, ctx) => {
      if (args[0] === "verified") return verifiedCommand(args.slice(1), ctx);
      await compactCommand(pi, args, ctx);
    },
  );

  function verifiedCommand(
    words: string[],
    ctx: ExtensionContext & { compact?: (o?: object) => void },
  ): void {
    const request = parseVerifiedArgs(words);
    const settings = compactSettingsOf(ctx.sessionManager.getBranch());
    const mode = request.mode ?? settings.mode;
    if (request.dryRun) {
      const model = ctx.model;
      const text = previewVerified({
        branch: ctx.sessionManager.getBranch() as unknown as BranchEntry[],
        cwd: ctx.cwd,
        protectedBlock: protect?.block() ?? "",
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
    ctx.compact({
      onError: (error: Error) => {
        oneOff = undefined;
        ctx.ui.notify(`keel: compaction did not run: ${error.message}`, "warning");
      },
    });
  }
}

/** The verified strategy's options for this compaction: settings, a one-off command, the session's model. */
function verifiedOptions(
  ctx: ExtensionContext,
  settings: CompactSettings,
  run: VerifiedCommand | undefined,
  signal: AbortSignal | undefined,
): VerifiedOptions {
  const model = ctx.model as (typeof ctx.model & { reasoning?: boolean }) | undefined;
  return {
    mode: run?.mode ?? settings.mode,
    strict: settings.strict,
    ...(run?.focus ? { focus: run.focus } : {}),
    ...(settings.timeoutMs > 0 ? { timeoutMs: settings.timeoutMs } : {}),
    model: { contextWindow: model?.contextWindow, maxTokens: model?.maxTokens, reasoning: model?.reasoning },
    ...(model ? { complete: bindCompleter(ctx.modelRegistry as never, model as never, signal) } : {}),
    now: () => systemClock.now(),
  };
}

async function compactCommand(
  pi: ExtensionAPI,
  [verb, value]: string[],
  ctx: ExtensionContext & { compact?: (o?: object) => void },
): Promise<void> {
  const settings = compactSettingsOf(ctx.sessionManager.getBranch());
  if (verb === undefined || verb === "now") {
    ctx.ui.notify(`keel: compacting with the ${settings.strategy} strategy`, "info");
    ctx.compact({
      onError: (error: Error) => ctx.ui.notify(`keel: compaction failed: ${error.message}`, "warning"),
    });
    return;
  }
  if (verb === "strategy") {
    if (value === undefined)
      return ctx.ui.notify(`keel: compaction strategy on this branch: ${settings.strategy}`, "info");
    if (!isStrategyName(value))
      return ctx.ui.notify(`keel: strategy must be one of ${STRATEGY_NAMES.join(", ")}`, "warning");
    pi.appendEntry(COMPACT_SETTINGS_TYPE, { strategy: value });
    return ctx.ui.notify(`keel: this branch now compacts with ${value}`, "info");
  }
  if (verb === "strict" || verb === "mode" || verb === "timeout" || verb === "auto") {
    const change = parseVerifiedSetting(verb, value);
    if (!change.ok) return ctx.ui.notify(`keel: ${change.reason}`, "warning");
    pi.appendEntry(COMPACT_SETTINGS_TYPE, change.data);
    return ctx.ui.notify(`keel: ${change.text} on this branch`, "info");
  }
  if (verb === "cap") {
    if (value === undefined)
      return ctx.ui.notify(`keel: checkpoint size cap on this branch: ${settings.capText}`, "info");
    const parsed = parseCap(value);
    if (!parsed.ok) return ctx.ui.notify(`keel: ${parsed.reason}`, "warning");
    pi.appendEntry(COMPACT_SETTINGS_TYPE, { cap: value });
    return ctx.ui.notify(`keel: checkpoint size cap set to ${value}`, "info");
  }
  ctx.ui.notify(
    "keel: usage: /keel compact [strategy [verbatim|native|verified] | cap [off|<n>|<n>tokens|<n>%] | verified [fast|balanced|thorough] [--dry-run] [focus…] | strict on|off | mode <m> | timeout <s>|auto | auto <percent>|off]",
    "warning",
  );
}
