// Pi adapter for compaction: the single session_before_compact owner (strategy per branch, verbatim by default),
// recording confirmed compactions, the re-orientation reminder, and `/keel compact [strategy|cap|verified…]`.
// The verified strategy's one-off runs, options and idle auto-compaction live in compact-verified.ts.
import type {
  BeforeAgentStartEvent,
  ExtensionAPI,
  ExtensionContext,
  SessionBeforeCompactEvent,
  SessionBeforeCompactResult,
  SessionCompactEvent,
} from "@earendil-works/pi-coding-agent";
import { recordConfirmedCompaction } from "../src/compact/record.ts";
import {
  confirmReminder,
  NO_REMINDER,
  type ReminderState,
  reminderAfterStart,
  reminderForRequest,
  reminderForRun,
  stageReminder,
} from "../src/compact/reorientation.ts";
import { COMPACT_SETTINGS_TYPE, compactSettingsOf } from "../src/compact/settings.ts";
import { isStrategyName, proposeWithStrategy, STRATEGY_NAMES } from "../src/compact/strategy.ts";
import { type ContextFile, instructionBlocks, parseCap } from "../src/compact/verbatim/index.ts";
import { parseVerifiedSetting } from "../src/compact/verified/command.ts";
import { systemClock } from "../src/core/clock.ts";
import { storeDeps } from "../src/project/context.ts";
import { type ContextMessage, contextMessage, type HiddenMessage } from "../src/session/hidden-message.ts";
import { COMPACT_USAGE, createVerifiedRuns, type VerifiedRuns } from "./compact-verified.ts";
import { guarded } from "./guarded.ts";
import type { KeelCommandRouter } from "./keel-command.ts";
import type { SessionRuntime } from "./runtime.ts";

/** Compaction's steps in keel's pipelines (extension/index.ts runs them in order). */
export interface CompactionSteps {
  /** session_start: restore a reminder the branch still owes. */
  start(ctx: ExtensionContext): Promise<void>;
  /** session_before_compact: keel's proposal, or undefined to let pi summarise. */
  propose(
    event: SessionBeforeCompactEvent,
    ctx: ExtensionContext,
    /** protect's snapshot, taken inside this step; returns the block every keel strategy embeds. */
    snapshot: () => string,
  ): Promise<SessionBeforeCompactResult | undefined>;
  /** session_compact: the staged reminder becomes pending; the compaction is recorded in the store. */
  compacted(event: SessionCompactEvent, ctx: ExtensionContext): Promise<void>;
  /** before_agent_start: remember pi's context files; the reminder to persist, once. */
  beforeRun(event: BeforeAgentStartEvent): HiddenMessage | undefined;
  /** context: the reminder placed last on the first request after a compaction. */
  request(messages: ContextMessage[]): ContextMessage[] | undefined;
  /** agent_settled: the verified strategy's automatic compaction at idle, never inside a tool loop. */
  settled(event: { aborted?: boolean }, ctx: ExtensionContext): Promise<void>;
}

interface CompactionLive {
  contextFiles: ContextFile[];
  reminder: ReminderState;
}

export function createCompaction(
  pi: ExtensionAPI,
  runtime: () => SessionRuntime | undefined,
  router: KeelCommandRouter,
  /** protect's current block without a snapshot (for the verified dry run). */
  protectedBlock: () => string,
): CompactionSteps {
  const live: CompactionLive = { contextFiles: [], reminder: NO_REMINDER };
  const verified = createVerifiedRuns(protectedBlock);
  router.add("compact", COMPACT_USAGE, async (args, ctx) => {
    if (args[0] === "verified") return verified.command(args.slice(1), ctx);
    await compactCommand(pi, args, ctx);
  });
  return {
    async start(ctx) {
      live.reminder = NO_REMINDER;
      await guarded(ctx, "restoring the compaction reminder", async () => {
        live.reminder = reminderAfterStart(ctx.sessionManager.getBranch());
      });
    },
    propose: (event, ctx, snapshot) =>
      guarded(ctx, "compaction", () => propose(live, verified, event, ctx, snapshot)),
    async compacted(event, ctx) {
      live.reminder = confirmReminder(live.reminder, {
        compactionId: event.compactionEntry.id,
        fromExtension: event.fromExtension,
      });
      await guarded(ctx, "recording the compaction", () => record(runtime(), event, ctx));
    },
    beforeRun(event) {
      const supplied = event.systemPromptOptions?.contextFiles ?? [];
      live.contextFiles =
        supplied.length > 0
          ? supplied.map((f) => ({ path: f.path, content: f.content }))
          : instructionBlocks(event.systemPrompt);
      const run = reminderForRun(live.reminder);
      live.reminder = run.state;
      return run.message;
    },
    // Runs before every model request: it only works when a reminder is pending, so it stays O(1) otherwise.
    request(messages) {
      const placed = reminderForRequest(live.reminder, messages, (m) => contextMessage(m, Date.now()));
      live.reminder = placed.state;
      return placed.messages;
    },
    settled: (event, ctx) => guarded(ctx, "automatic compaction", async () => verified.settled(event, ctx)),
  };
}

async function propose(
  live: CompactionLive,
  verified: VerifiedRuns,
  event: SessionBeforeCompactEvent,
  ctx: ExtensionContext,
  snapshot: () => string,
): Promise<SessionBeforeCompactResult | undefined> {
  const protectedBlock = snapshot();
  const settings = compactSettingsOf(event.branchEntries);
  const run = verified.takeOneOff();
  const outcome = await proposeWithStrategy(
    run ? "verified" : settings.strategy,
    {
      reason: event.reason,
      firstKeptEntryId: event.preparation.firstKeptEntryId,
      tokensBefore: event.preparation.tokensBefore,
      isSplitTurn: event.preparation.isSplitTurn,
      branch: event.branchEntries,
      cwd: ctx.cwd,
      cap: settings.cap,
      contextWindow: ctx.model?.contextWindow,
      contextFiles:
        live.contextFiles.length > 0 ? live.contextFiles : instructionBlocks(ctx.getSystemPrompt()),
      protectedBlock,
      at: new Date(systemClock.now()).toISOString(),
    },
    () => verified.options(ctx, settings, run, event.signal),
  );
  if (outcome.kind !== "proposal") {
    live.reminder = stageReminder(live.reminder, undefined);
    if (outcome.kind === "cancel") {
      ctx.ui.notify(`keel: ${outcome.reason}`, "warning");
      return { cancel: true };
    }
    if (outcome.note) ctx.ui.notify(`keel: ${outcome.note}`, "warning");
    return undefined;
  }
  const { compaction, reorientation, warnings, notice } = outcome.proposal;
  live.reminder = stageReminder(live.reminder, reorientation);
  // A verified compaction says what happened once, warnings included; a checkpoint only speaks when it must.
  if (notice !== undefined) ctx.ui.notify(`keel: ${[notice, ...warnings].join("; ")}`, "info");
  else if (warnings.length > 0) ctx.ui.notify(`keel checkpoint: ${warnings.join("; ")}`, "info");
  return { compaction };
}

async function record(
  rt: SessionRuntime | undefined,
  event: SessionCompactEvent,
  ctx: ExtensionContext,
): Promise<void> {
  if (!rt?.project.ok) return;
  await recordConfirmedCompaction(storeDeps(rt.project.value), {
    projectId: rt.project.value.project.id,
    sessionId: ctx.sessionManager.getSessionId(),
    sessionFile: ctx.sessionManager.getSessionFile(),
    entry: event.compactionEntry,
    reason: event.reason,
    fromExtension: event.fromExtension,
    entries: ctx.sessionManager.getBranch(),
  });
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
    pi.appendEntry(COMPACT_SETTINGS_TYPE, change.value.data);
    return ctx.ui.notify(`keel: ${change.value.text} on this branch`, "info");
  }
  if (verb === "cap") {
    if (value === undefined)
      return ctx.ui.notify(`keel: checkpoint size cap on this branch: ${settings.capText}`, "info");
    const parsed = parseCap(value);
    if (!parsed.ok) return ctx.ui.notify(`keel: ${parsed.reason}`, "warning");
    pi.appendEntry(COMPACT_SETTINGS_TYPE, { cap: value });
    return ctx.ui.notify(`keel: checkpoint size cap set to ${value}`, "info");
  }
  ctx.ui.notify(`keel: usage: ${COMPACT_USAGE}`, "warning");
}
