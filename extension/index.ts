// keel's pi extension as ordered pipelines: the registry's tools are registered once (tools.ts); each area
// (protect, compaction, recall, guard, memory) registers its /keel verbs and hands back its steps; this file subscribes to each pi event once and runs the
// areas' steps in the order written below, with the session's store and project opened before any step. It
// never throws into pi: steps run inside `guarded` (their own or this file's), so one area's failure is a
// notification and the following steps still run.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { collectStatus, renderStatusLines } from "../src/overview/status.ts";
import { type ContextMessage, joinHiddenMessages } from "../src/session/hidden-message.ts";
import { type CompactionSteps, createCompaction } from "./compact.ts";
import { createGuard, type GuardSteps } from "./guard.ts";
import { guarded } from "./guarded.ts";
import { type HygieneSteps, registerHygiene } from "./hygiene.ts";
import { createRouter } from "./keel-command.ts";
import { createMemoryGuidance, type MemorySteps } from "./memory-guidance.ts";
import { registerMemoryWiring } from "./memory-wiring.ts";
import { createProtect, type ProtectSteps } from "./protect.ts";
import { createRecall, type RecallSteps } from "./recall.ts";
import { closeRuntime, openRuntime, type SessionRuntime } from "./runtime.ts";
import { registerKeelTools } from "./tools.ts";
import { noteStaleExtensionOnce } from "./version-note.ts";

interface Areas {
  protect: ProtectSteps;
  guard: GuardSteps;
  compaction: CompactionSteps;
  memory: MemorySteps;
  indexCompaction: ReturnType<typeof registerMemoryWiring>;
  recall: RecallSteps;
  hygiene: HygieneSteps;
}

/** The session's store and project: reopened at every session_start before any area's step. */
interface RuntimeSlot {
  current: SessionRuntime | undefined;
}

export default function keel(pi: ExtensionAPI): void {
  const slot: RuntimeSlot = { current: undefined };
  const runtime = () => slot.current;
  const router = createRouter(async (_args, ctx) => {
    const rt = slot.current;
    if (!rt?.store) {
      ctx.ui.notify(`keel: store unavailable (${rt?.storeError ?? "session not started"})`, "warning");
      return;
    }
    const lines = renderStatusLines(await collectStatus(rt.store, rt.identity));
    ctx.ui.notify([...lines, ...(await areas.guard.statusLines(ctx))].join("\n"), "info");
  });
  const protect = createProtect(pi, router);
  const areas: Areas = {
    protect,
    guard: createGuard(runtime, router, (type, data) => pi.appendEntry(type, data)),
    compaction: createCompaction(pi, runtime, router, () => protect.block()),
    memory: createMemoryGuidance(runtime),
    indexCompaction: registerMemoryWiring(runtime, router),
    recall: createRecall(),
    hygiene: registerHygiene(pi, router),
  };
  registerKeelTools(pi, {
    runtime,
    guard: () => areas.guard.live(),
    memoryGuidance: () => (areas.memory.replaced() ? "replaced" : "active"),
  });
  subscribeSession(pi, slot, areas);
  subscribeCompaction(pi, areas);
  subscribeRun(pi, areas);
  subscribeTools(pi, areas);
  pi.registerCommand("keel", {
    description: "keel: status, protect, contract, note, verify, journal, loops, diff",
    handler: async (args, ctx) => {
      await guarded(ctx, "/keel", () => router.dispatch(args, ctx));
    },
  });
}

/**
 * session_start: runtime → protect → compaction → recall → hygiene → guard → the stale-extension note;
 * session_tree: hygiene; session_shutdown: protect → guard → runtime.
 */
function subscribeSession(pi: ExtensionAPI, slot: RuntimeSlot, a: Areas): void {
  pi.on("session_start", async (_event, ctx) => {
    await guarded(ctx, "start", async () => {
      await closeRuntime(slot.current);
      slot.current = await openRuntime(ctx.cwd, ctx.sessionManager.getSessionId());
    });
    await guarded(ctx, "protect start", () => a.protect.start(ctx));
    await guarded(ctx, "compaction start", () => a.compaction.start(ctx));
    a.recall.reset();
    await guarded(ctx, "hygiene start", async () => a.hygiene.sessionChanged(ctx));
    await guarded(ctx, "start", () => a.guard.start(ctx));
    const error = slot.current?.storeError;
    if (error) ctx.ui.notify(`keel: store unavailable, nothing will be recorded (${error})`, "warning");
    await guarded(ctx, "start", async () => noteStaleExtensionOnce(ctx));
  });
  pi.on("session_tree", async (_event, ctx) => {
    await guarded(ctx, "hygiene tree", async () => a.hygiene.sessionChanged(ctx));
  });
  pi.on("session_shutdown", async (_event, ctx) => {
    a.protect.shutdown();
    await guarded(ctx, "shutdown", async () => {
      const closing = slot.current;
      slot.current = undefined;
      a.guard.stop();
      await closeRuntime(closing);
    });
  });
}

/** keel is the one owner of session_before_compact: protect snapshots inside compaction's proposal. */
function subscribeCompaction(pi: ExtensionAPI, a: Areas): void {
  pi.on("session_before_compact", (event, ctx) =>
    a.compaction.propose(event, ctx, () => a.protect.snapshot()),
  );
  // session_compact: protect → guard → compaction → memory.
  pi.on("session_compact", async (event, ctx) => {
    await guarded(ctx, "protect after compaction", () => a.protect.compacted(event, ctx));
    await guarded(ctx, "brief reset", () => a.guard.compacted(ctx));
    await guarded(ctx, "compaction", () => a.compaction.compacted(event, ctx));
    await guarded(ctx, "indexing the compaction in memory", () => a.indexCompaction(event, ctx));
  });
  pi.on("session_compact_failed", async () => {
    a.protect.compactFailed();
  });
}

/** before_agent_start, context, agent_start, input, turn_end and agent_settled. */
function subscribeRun(pi: ExtensionAPI, a: Areas): void {
  // One handler, one message (pi keeps one per handler): the re-orientation reminder leads, since the context step
  // places it last; the guard brief follows. Memory's guidance goes to the system prompt; recall's budget resets.
  pi.on("before_agent_start", async (event, ctx) => {
    const brief = await guarded(ctx, "brief", () => a.guard.beforeRun(ctx));
    const reminder = await guarded(ctx, "compaction reminder", async () => a.compaction.beforeRun(event));
    const guidance = await a.memory.beforeRun(event, ctx);
    a.recall.reset();
    const message = joinHiddenMessages([reminder, brief]);
    if (!message && !guidance) return undefined;
    return { ...(message ? { message } : {}), ...guidance };
  });
  // Before every model request: protect verifies (and may add its recovery), guard re-asserts its brief, the
  // compaction reminder follows, and a trim asked for while idle shapes the outputs last. Each step is O(1) unless a compaction just happened.
  pi.on("context", async (event, ctx) => {
    const steps: Array<[string, (messages: ContextMessage[]) => Promise<ContextMessage[] | undefined>]> = [
      ["protect verification", (messages) => a.protect.request(messages, ctx)],
      ["brief", async (messages) => a.guard.request(messages)],
      ["compaction reminder", async (messages) => a.compaction.request(messages)],
      ["trim asked for while idle", async (messages) => a.hygiene.request(messages)],
    ];
    let messages: ContextMessage[] | undefined;
    for (const [what, run] of steps)
      messages = (await guarded(ctx, what, () => run(messages ?? event.messages))) ?? messages;
    return messages ? { messages } : undefined;
  });
  pi.on("agent_start", async (_event, ctx) => a.memory.agentStart(ctx));
  pi.on("input", async (event, ctx) => {
    a.protect.aux.input(event, ctx);
    return undefined;
  });
  // turn_end: protect's discovery → guard's status line → hygiene's commits (its entries are the result).
  pi.on("turn_end", async (event, ctx) => {
    a.protect.aux.turnEnd(event, ctx);
    await a.guard.turnEnd(ctx);
    return guarded(ctx, "hygiene", () => a.hygiene.turnEnd(event, ctx));
  });
  // agent_settled: hygiene's status line → the verified strategy's automatic compaction at idle.
  pi.on("agent_settled", async (event, ctx) => {
    await guarded(ctx, "hygiene status", async () => a.hygiene.settled(ctx));
    await a.compaction.settled(event, ctx);
  });
}

/**
 * tool_call: guard's shell gate → recall's lookup budget; tool_result: guard → recall → hygiene's artifact spill
 * (its replacement is the result); user_bash: recall.
 */
function subscribeTools(pi: ExtensionAPI, a: Areas): void {
  // The shell gate fails closed: an error here reaches pi, which then does not run the command.
  pi.on("tool_call", async (event, ctx) => (await a.guard.gateShell(event, ctx)) ?? a.recall.toolCall(event));
  pi.on("tool_result", async (event, ctx) => {
    await a.guard.recordShell(event, ctx);
    a.recall.toolResult(event);
    return guarded(ctx, "artifact spill", () => a.hygiene.toolResult(event, ctx));
  });
  pi.on("user_bash", async () => {
    a.recall.reset();
    return undefined;
  });
}
