// keel's pi extension: translates pi events into engine calls. It owns the one session_before_compact handler,
// records confirmed compactions, and answers /keel. It never throws into pi: failures become notifications.
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { recordConfirmedCompaction } from "../src/compact/record.ts";
import { getStrategy } from "../src/compact/strategy.ts";
import { systemClock } from "../src/core/clock.ts";
import { collectStatus, renderStatusLines } from "../src/overview/status.ts";
import { registerGuard } from "./guard.ts";
import { guarded } from "./guarded.ts";
import { createRouter } from "./keel-command.ts";
import { registerMemory } from "./memory.ts";
import { closeRuntime, openRuntime, type SessionRuntime } from "./runtime.ts";

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
  const guard = registerGuard(pi, () => runtime, router);
  registerMemory(pi, () => runtime);


  pi.on("session_start", async (_event, ctx) => {
    await guarded(ctx, "start", async () => {
      await closeRuntime(runtime);
      runtime = await openRuntime(ctx.cwd);
      await guard.start(ctx);
      if (runtime.storeError)
        ctx.ui.notify(`keel: store unavailable, nothing will be recorded (${runtime.storeError})`, "warning");
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

  pi.on("session_before_compact", async (event, ctx) =>
    guarded(ctx, "compaction", async () => {
      const { preparation, reason } = event;
      const proposal = await getStrategy().propose({
        reason,
        firstKeptEntryId: preparation.firstKeptEntryId,
        tokensBefore: preparation.tokensBefore,
      });
      return proposal ? { compaction: proposal } : undefined;
    }),
  );

  pi.on("session_compact", async (event, ctx) => {
    await guarded(ctx, "recording the compaction", async () => {
      const store = runtime?.store;
      const identity = runtime?.identity;
      if (!store || !identity?.ok) return;
      await recordConfirmedCompaction(
        { db: store.db, clock: systemClock },
        {
          projectId: identity.value.id,
          sessionId: ctx.sessionManager.getSessionId(),
          sessionFile: ctx.sessionManager.getSessionFile(),
          entry: event.compactionEntry,
          reason: event.reason,
          fromExtension: event.fromExtension,
        },
      );
    });
  });

  pi.registerCommand("keel", {
    description: "keel: status, contract, note, verify, journal, loops, diff",
    handler: async (args, ctx) => {
      await guarded(ctx, "/keel", () => router.dispatch(args, ctx));
    },
  });
}
