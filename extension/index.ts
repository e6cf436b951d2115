// keel's pi extension as ordered pipelines: each area (protect, compaction, recall, guard, memory) registers its
// tools and /keel verbs and hands back its steps; this file subscribes to each pi event once and runs the
// areas' steps in the order written below, with the session's store and project opened before any step. It
// never throws into pi: steps run inside `guarded` (their own or this file's), so one area's failure is a
// notification and the following steps still run.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { collectStatus, renderStatusLines } from "../src/overview/status.ts";
import type { ContextMessage } from "../src/session/hidden-message.ts";
import { createCompaction } from "./compact.ts";
import { createGuard } from "./guard.ts";
import { guarded } from "./guarded.ts";
import { registerHygiene } from "./hygiene.ts";
import { createRouter } from "./keel-command.ts";
import { registerMemory } from "./memory.ts";
import { registerMemoryWiring } from "./memory-wiring.ts";
import { createProtect } from "./protect.ts";
import { registerRecall } from "./recall.ts";
import { closeRuntime, openRuntime, type SessionRuntime } from "./runtime.ts";
import { noteStaleExtensionOnce } from "./version-note.ts";

export default function keel(pi: ExtensionAPI): void {
  let runtime: SessionRuntime | undefined;
  const current = () => runtime;
  const router = createRouter(async (_args, ctx) => {
    if (!runtime?.store) {
      ctx.ui.notify(`keel: store unavailable (${runtime?.storeError ?? "session not started"})`, "warning");
      return;
    }
    const status = await collectStatus(runtime.store, runtime.identity);
    ctx.ui.notify(renderStatusLines(status).join("\n"), "info");
  });
  const protect = createProtect(pi, router);
  const guard = createGuard(pi, current, router);
  const compaction = createCompaction(pi, current, router);
  const memory = registerMemory(pi, current);
  const indexCompaction = registerMemoryWiring(current, router);
  const recall = registerRecall(pi);
  registerHygiene(pi, router);

  pi.on("session_start", async (_event, ctx) => {
    await guarded(ctx, "start", async () => {
      await closeRuntime(runtime);
      runtime = await openRuntime(ctx.cwd);
    });
    await guarded(ctx, "protect start", () => protect.start(ctx));
    await guarded(ctx, "compaction start", () => compaction.start(ctx));
    recall.reset();
    await guarded(ctx, "start", () => guard.start(ctx));
    if (runtime?.storeError)
      ctx.ui.notify(`keel: store unavailable, nothing will be recorded (${runtime.storeError})`, "warning");
    await guarded(ctx, "start", async () => noteStaleExtensionOnce(ctx));
  });

  pi.on("session_shutdown", async (_event, ctx) => {
    protect.shutdown();
    await guarded(ctx, "shutdown", async () => {
      const closing = runtime;
      runtime = undefined;
      guard.stop();
      await closeRuntime(closing);
    });
  });

  // keel is the one owner of session_before_compact: protect snapshots, then compaction proposes.
  pi.on("session_before_compact", async (event, ctx) => {
    return compaction.propose(event, ctx, () => protect.snapshot());
  });

  pi.on("session_compact", async (event, ctx) => {
    await guarded(ctx, "protect after compaction", () => protect.compacted(event, ctx));
    await guarded(ctx, "brief reset", () => guard.compacted(ctx));
    await guarded(ctx, "compaction", () => compaction.compacted(event, ctx));
    await guarded(ctx, "indexing the compaction in memory", () => indexCompaction(event, ctx));
  });

  pi.on("session_compact_failed", async () => {
    protect.compactFailed();
  });

  // pi keeps one message per before_agent_start result, and the brief and the re-orientation reminder are two
  // messages: the brief's handler runs first, then the rest in order (reminder, memory guidance, recall reset).
  pi.on("before_agent_start", async (_event, ctx) => {
    const brief = await guarded(ctx, "brief", () => guard.beforeRun(ctx));
    return brief ? { message: brief } : undefined;
  });
  pi.on("before_agent_start", async (event, ctx) => {
    const reminder = await guarded(ctx, "compaction reminder", async () => compaction.beforeRun(event));
    const guidance = await memory.beforeRun(event, ctx);
    recall.reset();
    if (!reminder && !guidance) return undefined;
    return { ...(reminder ? { message: reminder } : {}), ...guidance };
  });

  // Before every model request: protect verifies (and may add its recovery), guard re-asserts its brief, and the
  // compaction reminder goes last. Each step is O(1) unless a compaction just happened.
  pi.on("context", async (event, ctx) => {
    const steps: Array<[string, (messages: ContextMessage[]) => Promise<ContextMessage[] | undefined>]> = [
      ["protect verification", (messages) => protect.request(messages, ctx)],
      ["brief", async (messages) => guard.request(messages)],
      ["compaction reminder", async (messages) => compaction.request(messages)],
    ];
    let messages: ContextMessage[] | undefined;
    for (const [what, run] of steps)
      messages = (await guarded(ctx, what, () => run(messages ?? event.messages))) ?? messages;
    return messages ? { messages } : undefined;
  });

  pi.on("agent_start", async (_event, ctx) => memory.agentStart(ctx));
  pi.on("input", async (event, ctx) => {
    protect.aux.input(event, ctx);
    return undefined;
  });
  pi.on("turn_end", async (event, ctx) => {
    protect.aux.turnEnd(event, ctx);
    await guard.turnEnd(ctx);
  });
  pi.on("tool_call", async (event, ctx) => {
    // The shell gate fails closed: an error here reaches pi, which then does not run the command.
    return (await guard.gateShell(event, ctx)) ?? recall.toolCall(event);
  });
  pi.on("tool_result", async (event, ctx) => {
    await guard.recordShell(event, ctx);
    recall.toolResult(event);
    return undefined;
  });
  pi.on("user_bash", async () => {
    recall.reset();
    return undefined;
  });

  pi.registerCommand("keel", {
    description: "keel: status, protect, contract, note, verify, journal, loops, diff",
    handler: async (args, ctx) => {
      await guarded(ctx, "/keel", () => router.dispatch(args, ctx));
    },
  });
}
