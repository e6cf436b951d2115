// keel's pi extension: translates pi events into engine calls. It owns the one session_before_compact handler,
// records confirmed compactions, and answers /keel. It never throws into pi: failures become notifications.
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { recordConfirmedCompaction } from "../src/compact/record.ts";
import { getStrategy } from "../src/compact/strategy.ts";
import { systemClock } from "../src/core/clock.ts";
import { describeError } from "../src/core/errors.ts";
import { collectStatus, renderStatusLines } from "../src/overview/status.ts";
import { closeRuntime, openRuntime, type SessionRuntime } from "./runtime.ts";

export default function keel(pi: ExtensionAPI): void {
  let runtime: SessionRuntime | undefined;

  /** Runs a handler body; any failure is reported once and pi gets `undefined`. */
  const guarded = async <T>(
    ctx: ExtensionContext,
    what: string,
    body: () => Promise<T>,
  ): Promise<T | undefined> => {
    try {
      return await body();
    } catch (error) {
      ctx.ui.notify(`keel: ${what} failed: ${describeError(error)}`, "warning");
      return undefined;
    }
  };

  pi.on("session_start", async (_event, ctx) => {
    await guarded(ctx, "start", async () => {
      await closeRuntime(runtime);
      runtime = await openRuntime(ctx.cwd);
      if (runtime.storeError)
        ctx.ui.notify(`keel: store unavailable, nothing will be recorded (${runtime.storeError})`, "warning");
    });
  });

  pi.on("session_shutdown", async (_event, ctx) => {
    await guarded(ctx, "shutdown", async () => {
      const closing = runtime;
      runtime = undefined;
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
    description: "keel: status of protected context, compaction, recall, guard and memory",
    handler: async (args, ctx) => {
      await guarded(ctx, "/keel", async () => {
        const words = args.trim();
        if (words !== "" && words !== "status") {
          ctx.ui.notify(`keel: unknown command "${words}". Usage: /keel [status]`, "warning");
          return;
        }
        if (!runtime?.store) {
          ctx.ui.notify(
            `keel: store unavailable (${runtime?.storeError ?? "session not started"})`,
            "warning",
          );
          return;
        }
        const status = await collectStatus(runtime.store, runtime.identity);
        ctx.ui.notify(renderStatusLines(status).join("\n"), "info");
      });
    },
  });
}
