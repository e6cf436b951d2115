// Pi adapter for guard: the bash gate (loop brake, destructive confirmation, each question and its answer kept as a
// session entry), the guard session its tools run in (defined in src/guard/tool-defs.ts), the brief before each
// run, the status line and the context watermark. Rules live in src/guard; this file translates pi events and
// never throws into pi.
import type {
  ExtensionContext,
  ToolCallEvent,
  ToolCallEventResult,
  ToolResultEvent,
} from "@earendil-works/pi-coding-agent";
import {
  type AskedOutcome,
  composeDestructiveAsked,
  DESTRUCTIVE_ASKED_TYPE,
} from "../src/guard/destructive/asked-record.ts";
import {
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
import { guardScope } from "../src/guard/session/scope-of.ts";
import type { GuardLive } from "../src/guard/tools.ts";
import { textOf } from "../src/session/entries.ts";
import type { ContextMessage, HiddenMessage } from "../src/session/hidden-message.ts";
import { writeRefusal } from "../src/session/refusals.ts";
import { ownerToolContext } from "../src/tools/owner-context.ts";
import { registerGuardCommands } from "./guard-commands.ts";
import { guarded } from "./guarded.ts";
import type { KeelCommandRouter } from "./keel-command.ts";
import type { SessionRuntime } from "./runtime.ts";

const WATERMARKS = [70, 85, 95];
const STATUS_TTL_MS = 5_000;

/** Guard's steps in keel's pipelines (extension/index.ts runs them in order). */
export interface GuardSteps {
  /** session_start, after the runtime is open: the guard session of this project, or none without a store. */
  start(ctx: ExtensionContext): Promise<void>;
  stop(): void;
  /** The guard session the tools run in, while one is open. */
  live(): GuardLive | undefined;
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

/** Appends a custom entry to the session (pi's appendEntry). */
export type AppendEntry = (customType: string, data: unknown) => void;

export function createGuard(
  runtime: () => SessionRuntime | undefined,
  router: KeelCommandRouter,
  appendEntry: AppendEntry,
): GuardSteps {
  let live: LiveGuard | undefined;
  registerGuardCommands(router, () => {
    const project = runtime()?.project;
    if (!live || !project?.ok) return undefined;
    return { ...live, tools: ownerToolContext({ ...project.value, origin: "owner" }, live) };
  });

  return {
    async start(ctx) {
      live = undefined;
      live = await openGuard(runtime(), ctx);
    },
    stop() {
      live = undefined;
    },
    live: () => live,
    gateShell: async (event, ctx) => (live ? gate(live, event, ctx, appendEntry) : undefined),
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
  if (!rt?.project.ok) return undefined;
  const scope = guardScope({
    ...rt.project.value,
    sessionId: ctx.sessionManager.getSessionId(),
    cwd: ctx.cwd,
  });
  return { scope, state: await startGuardSession(scope), treeBefore: new Map(), warned: 0 };
}

async function gate(
  session: LiveGuard,
  event: ToolCallEvent,
  ctx: ExtensionContext,
  appendEntry: AppendEntry,
): Promise<ToolCallEventResult | undefined> {
  if (event.toolName !== "bash") return undefined;
  const command = String((event.input as { command?: unknown }).command ?? "");
  const decision = await screenShellCommand(session.scope, session.state, command);
  if (decision.kind === "block") {
    if (decision.notice) ctx.ui.notify(decision.notice, "warning");
    return { block: true, reason: decision.reason };
  }
  if (decision.kind === "confirm") {
    const outcome = await askPerson(ctx, decision.reason, command);
    // The answer is kept whatever it was: an approved command leaves no other trace that keel asked.
    await guarded(ctx, "recording the destructive command's answer", async () =>
      appendEntry(
        DESTRUCTIVE_ASKED_TYPE,
        composeDestructiveAsked({
          outcome,
          command,
          rule: decision.rule,
          reason: decision.reason,
          toolCallId: event.toolCallId,
        }),
      ),
    );
    if (outcome === "no-ui")
      return { block: true, reason: writeRefusal("no-ui", `${decision.reason}. Ask the user to run it.`) };
    if (outcome === "declined") return { block: true, reason: writeRefusal("user", decision.reason) };
  }
  session.treeBefore.set(event.toolCallId, decision.treeBefore);
  return undefined;
}

/** The person's answer to a destructive command, or no-ui when pi has no one to ask. */
async function askPerson(ctx: ExtensionContext, reason: string, command: string): Promise<AskedOutcome> {
  if (!ctx.hasUI) return "no-ui";
  const yes = await ctx.ui.confirm("keel: destructive command", `${reason}\n\n${command}\n\nRun it?`);
  return yes ? "approved" : "declined";
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
