// Pi adapter for guard: the bash gate (loop brake, destructive confirmation), keel_verify / keel_note /
// keel_check / keel_status, the brief before each run, the status line and the context watermark.
// Rules live in src/guard; this file translates pi events and never throws into pi.
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { readEnvFlags } from "../src/config/flags.ts";
import { resolvePaths } from "../src/config/paths.ts";
import { systemClock } from "../src/core/clock.ts";
import {
  briefIfChanged,
  composeBrief,
  DEFAULT_BLOCK_AFTER,
  forgetBrief,
  type GuardScope,
  type GuardSessionState,
  type GuardStatus,
  guardStatus,
  recordShellOutcome,
  renderStatusWidget,
  screenShellCommand,
  startGuardSession,
} from "../src/guard/session/guard-session.ts";
import { CheckParams, NoteParams, StatusParams, VerifyParams } from "../src/guard/tool-schemas.ts";
import {
  runCheckTool,
  runNoteTool,
  runStatusTool,
  runVerifyTool,
  type ToolAnswer,
} from "../src/guard/tools.ts";
import { registerGuardCommands } from "./guard-commands.ts";
import { guarded } from "./guarded.ts";
import type { KeelCommandRouter } from "./keel-command.ts";
import type { SessionRuntime } from "./runtime.ts";

export const BRIEF_TYPE = "keel.guard.brief";
const WATERMARKS = [70, 85, 95];
const STATUS_TTL_MS = 5_000;
const text = (value: string) => ({ content: [{ type: "text" as const, text: value }], details: {} });

export interface GuardAdapter {
  start(ctx: ExtensionContext): Promise<void>;
  stop(): void;
}

export function registerGuard(
  pi: ExtensionAPI,
  runtime: () => SessionRuntime | undefined,
  router: KeelCommandRouter,
): GuardAdapter {
  let live:
    | {
        scope: GuardScope;
        state: GuardSessionState;
        warned: number;
        reassert?: string;
        status?: { at: number; value: GuardStatus };
      }
    | undefined;

  pi.on("tool_call", async (event, ctx) => {
    if (!live || event.toolName !== "bash") return undefined;
    const command = String((event.input as { command?: unknown }).command ?? "");
    const decision = screenShellCommand(live.state, command, live.scope.blockAfter);
    if (decision.kind === "block") return { block: true, reason: decision.reason };
    if (decision.kind === "confirm") {
      if (!ctx.hasUI)
        return {
          block: true,
          reason: `keel blocked a destructive command: ${decision.reason}. Ask the user to run it.`,
        };
      const yes = await ctx.ui.confirm(
        "keel: destructive command",
        `${decision.reason}\n\n${command}\n\nRun it?`,
      );
      if (!yes) return { block: true, reason: `The user declined a destructive command: ${decision.reason}` };
    }
    return undefined;
  });

  pi.on("tool_result", async (event, ctx) => {
    if (!live || event.toolName !== "bash") return undefined;
    const command = String((event.input as { command?: unknown }).command ?? "");
    const session = live;
    await guarded(ctx, "loop tracking", () =>
      recordShellOutcome(session.scope, session.state, command, !event.isError),
    );
    return undefined;
  });

  pi.on("before_agent_start", async (_event, ctx) => {
    if (!live) return undefined;
    const session = live;
    const brief = await guarded(ctx, "brief", () => briefIfChanged(session.scope, session.state));
    session.reassert = undefined;
    return brief ? { message: { customType: BRIEF_TYPE, content: brief, display: false } } : undefined;
  });

  pi.on("session_compact", async (_event, ctx) => {
    const session = live;
    if (!session) return;
    await guarded(ctx, "brief reset", async () => {
      await forgetBrief(session.scope, session.state);
      session.reassert = (await composeBrief(session.scope, session.state)).text;
    });
  });

  // A compaction in the middle of a run resumes without before_agent_start: until the next run starts, every
  // request carries the brief (computed once at compaction, so this hook stays O(1)).
  pi.on("context", async (event) => {
    const brief = live?.reassert;
    if (!brief) return undefined;
    const message = {
      role: "custom" as const,
      customType: BRIEF_TYPE,
      content: brief,
      display: false,
      details: undefined,
      timestamp: Date.now(),
    };
    return { messages: [...event.messages, message] };
  });

  pi.on("turn_end", async (_event, ctx) => {
    const session = live;
    if (!session) return undefined;
    await guarded(ctx, "status", async () => {
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
    });
    return undefined;
  });

  registerGuardTools(pi, () => live);
  registerGuardCommands(router, () => live);

  return {
    async start(ctx) {
      live = undefined;
      const rt = runtime();
      if (!rt?.store || !rt.identity.ok) return;
      const flags = readEnvFlags();
      const scope: GuardScope = {
        db: rt.store.db,
        clock: systemClock,
        projectId: rt.identity.value.id,
        projectRoot: rt.identity.value.root,
        sessionId: ctx.sessionManager.getSessionId(),
        cwd: ctx.cwd,
        personalContract: resolvePaths(flags).personalContract,
        blockAfter: DEFAULT_BLOCK_AFTER,
      };
      live = { scope, state: await startGuardSession(scope), warned: 0 };
    },
    stop() {
      live = undefined;
    },
  };
}

type Live = () => { scope: GuardScope; state: GuardSessionState } | undefined;

function registerGuardTools(pi: ExtensionAPI, live: Live): void {
  const unavailable = text("keel guard is not available in this session (no store or no project).");
  const reply = (answer: ToolAnswer) => ({
    content: [{ type: "text" as const, text: answer.text }],
    details: answer.data,
  });
  pi.registerTool({
    name: "keel_verify",
    label: "keel verify",
    description:
      "Run a shell command as evidence (tests, build, lint) and record its exit code, duration and output digest. Cite the evidence id when you claim something works.",
    promptSnippet: "keel_verify: run a check command and record the result as evidence",
    parameters: VerifyParams,
    async execute(_id, params, _signal, _update, ctx) {
      const session = live();
      return session ? text((await runVerifyTool(session, params, ctx.cwd)).text) : unavailable;
    },
  });

  pi.registerTool({
    name: "keel_note",
    label: "keel note",
    description:
      "Journal a decision, correction, note or lesson so it survives compaction. Your notes are stored as agent notes: shown as unverified, never as the user's decisions.",
    parameters: NoteParams,
    async execute(_id, params) {
      const session = live();
      return session ? text((await runNoteTool(session, params)).text) : unavailable;
    },
  });

  pi.registerTool({
    name: "keel_check",
    label: "keel check",
    description:
      "Check a claim against the contract and the latest evidence before stating it: which rules it touches and whether fresh, trusted evidence backs it.",
    parameters: CheckParams,
    async execute(_id, params, _signal, _update, ctx) {
      const session = live();
      return session ? reply(await runCheckTool(session, params, ctx.cwd)) : unavailable;
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
      if (!session) return unavailable;
      return text((await runStatusTool(session, ctx.getContextUsage()?.percent ?? null)).text);
    },
  });
}
