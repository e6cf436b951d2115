// Pi adapter for guard: the bash gate (loop brake, destructive confirmation), keel_verify / keel_note /
// keel_check / keel_status, the brief before each run, the status line and the context watermark.
// Rules live in src/guard; this file translates pi events and never throws into pi.
import type {
  ExtensionAPI,
  ExtensionContext,
  ToolCallEvent,
  ToolCallEventResult,
  ToolResultEvent,
} from "@earendil-works/pi-coding-agent";
import { readEnvFlags } from "../src/config/flags.ts";
import { resolvePaths } from "../src/config/paths.ts";
import { systemClock } from "../src/core/clock.ts";
import {
  blockAfterOf,
  briefIfChanged,
  composeBrief,
  forgetBrief,
  type GuardScope,
  type GuardSessionState,
  type GuardStatus,
  guardStatus,
  guardStatusLines,
  recordShellOutcome,
  renderStatusWidget,
  screenShellCommand,
  startGuardSession,
} from "../src/guard/session/guard-session.ts";
import { briefMessage, reassertBrief } from "../src/guard/session/reassert.ts";
import { CheckParams, NoteParams, StatusParams, VerifyParams } from "../src/guard/tool-schemas.ts";
import {
  runCheckTool,
  runNoteTool,
  runStatusTool,
  runVerifyTool,
  type ToolAnswer,
} from "../src/guard/tools.ts";
import { textOf } from "../src/session/entries.ts";
import type { ContextMessage, HiddenMessage } from "../src/session/hidden-message.ts";
import { writeRefusal } from "../src/session/refusals.ts";
import { registerGuardCommands } from "./guard-commands.ts";
import { guarded } from "./guarded.ts";
import type { KeelCommandRouter } from "./keel-command.ts";
import type { SessionRuntime } from "./runtime.ts";

const WATERMARKS = [70, 85, 95];
const STATUS_TTL_MS = 5_000;
const text = (value: string) => ({ content: [{ type: "text" as const, text: value }], details: {} });

/** Guard's steps in keel's pipelines (extension/index.ts runs them in order). */
export interface GuardSteps {
  /** session_start, after the runtime is open: the guard session of this project, or none without a store. */
  start(ctx: ExtensionContext): Promise<void>;
  stop(): void;
  /** tool_call: the bash gate (loop brake, destructive confirmation). */
  gateShell(event: ToolCallEvent, ctx: ExtensionContext): Promise<ToolCallEventResult | undefined>;
  /** tool_result: loop tracking of bash outcomes. */
  recordShell(event: ToolResultEvent, ctx: ExtensionContext): Promise<void>;
  /** before_agent_start: the brief when it changed; ends any re-assertion. */
  beforeRun(ctx: ExtensionContext): Promise<HiddenMessage | undefined>;
  /** session_compact: forget the brief and re-assert it until the next run starts. */
  compacted(ctx: ExtensionContext): Promise<void>;
  /** context: the re-asserted brief last. */
  request(messages: ContextMessage[]): ContextMessage[] | undefined;
  /** turn_end: the status line and the context watermark. */
  turnEnd(ctx: ExtensionContext): Promise<void>;
  /** `/keel` status: what the brief cut and the streaks the loop brake refused. */
  statusLines(ctx: ExtensionContext): Promise<string[]>;
}

interface LiveGuard {
  scope: GuardScope;
  state: GuardSessionState;
  /** The tree each allowed bash call was screened against, until its result arrives. */
  treeBefore: Map<string, string | null>;
  warned: number;
  reassert?: string;
  status?: { at: number; value: GuardStatus };
}

export function createGuard(
  pi: ExtensionAPI,
  runtime: () => SessionRuntime | undefined,
  router: KeelCommandRouter,
): GuardSteps {
  let live: LiveGuard | undefined;
  registerGuardTools(pi, () => live);
  registerCheckTool(pi, () => live);
  registerJournalTools(pi, () => live);
  registerGuardCommands(router, () => live);

  return {
    async start(ctx) {
      live = undefined;
      live = await openGuard(runtime(), ctx);
    },
    stop() {
      live = undefined;
    },
    gateShell: async (event, ctx) => (live ? gate(live, event, ctx) : undefined),
    async recordShell(event, ctx) {
      const session = live;
      if (!session || event.toolName !== "bash") return;
      const command = String((event.input as { command?: unknown }).command ?? "");
      const treeBefore = session.treeBefore.get(event.toolCallId) ?? null;
      session.treeBefore.delete(event.toolCallId);
      await guarded(ctx, "loop tracking", () =>
        recordShellOutcome(session.scope, session.state, command, {
          succeeded: !event.isError,
          output: textOf(event.content),
          treeBefore,
        }),
      );
    },
    async beforeRun(ctx) {
      const session = live;
      if (!session) return undefined;
      const brief = await guarded(ctx, "brief", () => briefIfChanged(session.scope, session.state));
      session.reassert = undefined;
      return brief ? briefMessage(brief) : undefined;
    },
    async compacted(ctx) {
      const session = live;
      if (!session) return;
      await guarded(ctx, "brief reset", async () => {
        await forgetBrief(session.scope, session.state);
        session.reassert = (await composeBrief(session.scope, session.state)).text;
      });
    },
    // A compaction in the middle of a run resumes without before_agent_start: until the next run starts, every
    // request carries the brief (computed once at compaction, so this step stays O(1)).
    request: (messages) => reassertBrief(messages, live?.reassert, Date.now()),
    async turnEnd(ctx) {
      const session = live;
      if (session) await guarded(ctx, "status", () => showStatus(session, ctx));
    },
    async statusLines(ctx) {
      const session = live;
      if (!session) return [];
      return (await guarded(ctx, "status", () => guardStatusLines(session.scope, session.state))) ?? [];
    },
  };
}

/** The guard session of this project, or none when the store or the project is unavailable. */
async function openGuard(
  rt: SessionRuntime | undefined,
  ctx: ExtensionContext,
): Promise<LiveGuard | undefined> {
  if (!rt?.store || !rt.identity.ok) return undefined;
  const flags = readEnvFlags();
  const scope: GuardScope = {
    db: rt.store.db,
    clock: systemClock,
    projectId: rt.identity.value.id,
    projectRoot: rt.identity.value.root,
    sessionId: ctx.sessionManager.getSessionId(),
    cwd: ctx.cwd,
    personalContract: resolvePaths(flags).personalContract,
    blockAfter: blockAfterOf(flags),
  };
  return { scope, state: await startGuardSession(scope), treeBefore: new Map(), warned: 0 };
}

async function gate(
  session: LiveGuard,
  event: ToolCallEvent,
  ctx: ExtensionContext,
): Promise<ToolCallEventResult | undefined> {
  if (event.toolName !== "bash") return undefined;
  const command = String((event.input as { command?: unknown }).command ?? "");
  const decision = await screenShellCommand(session.scope, session.state, command);
  if (decision.kind === "block") {
    if (decision.notice) ctx.ui.notify(decision.notice, "warning");
    return { block: true, reason: decision.reason };
  }
  if (decision.kind === "confirm") {
    if (!ctx.hasUI)
      return { block: true, reason: writeRefusal("no-ui", `${decision.reason}. Ask the user to run it.`) };
    const yes = await ctx.ui.confirm(
      "keel: destructive command",
      `${decision.reason}\n\n${command}\n\nRun it?`,
    );
    if (!yes) return { block: true, reason: writeRefusal("user", decision.reason) };
  }
  session.treeBefore.set(event.toolCallId, decision.treeBefore);
  return undefined;
}

async function showStatus(session: LiveGuard, ctx: ExtensionContext): Promise<void> {
  const percent = ctx.getContextUsage()?.percent ?? null;
  // The scope audit runs git; a burst of short turns reuses the last one for a few seconds.
  const now = session.scope.clock.now();
  if (!session.status || now - session.status.at > STATUS_TTL_MS) {
    session.status = { at: now, value: await guardStatus(session.scope, session.state) };
  }
  ctx.ui.setStatus("keel", renderStatusWidget(session.status.value, percent));
  const crossed = WATERMARKS.filter((mark) => percent !== null && percent >= mark).at(-1) ?? 0;
  if (crossed > session.warned) {
    session.warned = crossed;
    ctx.ui.notify(
      `keel: context is ${Math.round(percent ?? 0)}% full; record decisions now (keel_note)`,
      "warning",
    );
  }
}

const UNAVAILABLE = text("keel guard is not available in this session (no store or no project).");
const reply = (answer: ToolAnswer) => ({
  content: [{ type: "text" as const, text: answer.text }],
  details: answer.data,
});

type Live = () => { scope: GuardScope; state: GuardSessionState } | undefined;

/** keel_verify: a shell command run as evidence. */
function registerGuardTools(pi: ExtensionAPI, live: Live): void {
  pi.registerTool({
    name: "keel_verify",
    label: "keel verify",
    description:
      "Run a shell command as evidence (tests, build, lint) and record its exit code, duration and output digest. Cite the evidence id when you claim something works.",
    promptSnippet: "keel_verify: run a check command and record the result as evidence",
    parameters: VerifyParams,
    async execute(_id, params, _signal, _update, ctx) {
      const session = live();
      if (!session) return UNAVAILABLE;
      const answer = await runVerifyTool(session, params, ctx.cwd);
      if (answer.notice) ctx.ui.notify(answer.notice, "warning");
      return { ...text(answer.text), isError: answer.isError };
    },
  });
}

/** keel_check: a claim against the contract and the latest evidence. */
function registerCheckTool(pi: ExtensionAPI, live: Live): void {
  pi.registerTool({
    name: "keel_check",
    label: "keel check",
    description:
      "Check a claim against the contract and the latest evidence before stating it: which rules it touches and whether fresh, trusted evidence backs it.",
    parameters: CheckParams,
    async execute(_id, params, _signal, _update, ctx) {
      const session = live();
      return session ? reply(await runCheckTool(session, params, ctx.cwd)) : UNAVAILABLE;
    },
  });
}

/** keel_note and keel_status: the agent's journal entries and the guard status. */
function registerJournalTools(pi: ExtensionAPI, live: Live): void {
  pi.registerTool({
    name: "keel_note",
    label: "keel note",
    description:
      "Journal a decision, correction, note or lesson so it survives compaction. Your notes are stored as agent notes: shown as unverified, never as the user's decisions.",
    parameters: NoteParams,
    async execute(_id, params) {
      const session = live();
      return session ? text((await runNoteTool(session, params)).text) : UNAVAILABLE;
    },
  });

  pi.registerTool({
    name: "keel_status",
    label: "keel status",
    description:
      "Guard status: change size against the session's baseline, open loops, and the latest evidence id.",
    parameters: StatusParams,
    async execute(_id, _params, _signal, _update, ctx) {
      const session = live();
      if (!session) return UNAVAILABLE;
      return text((await runStatusTool(session, ctx.getContextUsage()?.percent ?? null)).text);
    },
  });
}
