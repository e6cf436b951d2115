// keel's pi extension: opens the session's store and project, wires each area's adapter (protect, compaction,
// recall, guard, memory) and answers /keel. It never throws into pi: failures become notifications.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { collectStatus, renderStatusLines } from "../src/overview/status.ts";
import { registerCompaction } from "./compact.ts";
import { registerGuard } from "./guard.ts";
import { guarded } from "./guarded.ts";
import { registerHygiene } from "./hygiene.ts";
import { createRouter } from "./keel-command.ts";
import { registerMemory } from "./memory.ts";
import { registerMemoryWiring } from "./memory-wiring.ts";
import { registerProtect } from "./protect.ts";
import { registerRecall } from "./recall.ts";
import { closeRuntime, openRuntime, type SessionRuntime } from "./runtime.ts";
import { noteStaleExtensionOnce } from "./version-note.ts";

export default function keel(pi: ExtensionAPI): void {
  let runtime: SessionRuntime | undefined;
  const router = createRouter(async (_args, ctx) => {
    if (!runtime?.store) {
      ctx.ui.notify(`keel: store unavailable (${runtime?.storeError ?? "session not started"})`, "warning");
      return;
    }
    const status = await collectStatus(runtime.store, runtime.identity);
    ctx.ui.notify(renderStatusLines(status).join("\n"), "info");
  });
  const protect = registerProtect(pi, router);
  // Guard registers before compaction so compaction's context hook runs last and its reminder ends up last.
  const guard = registerGuard(pi, () => runtime, router);
  registerCompaction(pi, () => runtime, router, protect);
  registerMemory(pi, () => runtime);
  registerMemoryWiring(pi, () => runtime, router);
  registerRecall(pi);
  registerHygiene(pi, router);

  pi.on("session_start", async (_event, ctx) => {
    await guarded(ctx, "start", async () => {
      await closeRuntime(runtime);
      runtime = await openRuntime(ctx.cwd);
      await guard.start(ctx);
      if (runtime.storeError)
        ctx.ui.notify(`keel: store unavailable, nothing will be recorded (${runtime.storeError})`, "warning");
      noteStaleExtensionOnce(ctx);
    });
  });

  pi.on("session_shutdown", async (_event, ctx) => {
    await guarded(ctx, "shutdown", async () => {
      const closing = runtime;
      runtime = undefined;
      guard.stop();
      await closeRuntime(closing);
    });
  });

  pi.registerCommand("keel", {
    description: "keel: status, protect, contract, note, verify, journal, loops, diff",
    handler: async (args, ctx) => {
      await guarded(ctx, "/keel", () => router.dispatch(args, ctx));
    },
  });
}
