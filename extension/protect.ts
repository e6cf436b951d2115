// Pi adapter for protected context: `/keel protect …`, the keel_protected tool, the registry loaded from (and
// saved to) the session, the snapshot taken inside keel's single session_before_compact handler, verification
// on the first request after a compaction, and recovery. Rules live in src/protect; this file moves data.
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";
import { systemClock } from "../src/core/clock.ts";
import { renderProtectedBlock } from "../src/protect/block.ts";
import { PROTECT_USAGE, runProtectCommand } from "../src/protect/commands.ts";
import {
  completeVerification,
  PENDING_TYPE,
  type PendingVerification,
  projectCandidate,
  restoreLifecycle,
  VERIFIED_TYPE,
  verificationNotice,
} from "../src/protect/lifecycle.ts";
import { loadProtectState } from "../src/protect/load.ts";
import { persistedState, STATE_TYPE } from "../src/protect/state-schema.ts";
import {
  EMPTY_STATE,
  type ProtectedItem,
  type ProtectState,
  provenanceOf,
  type VerificationSummary,
} from "../src/protect/types.ts";
import type { BranchEntry } from "../src/session/entries.ts";
import { guarded } from "./guarded.ts";
import type { KeelCommandRouter } from "./keel-command.ts";
import { type ProtectLive, registerProtectAux } from "./protect-aux.ts";

const nowIso = () => new Date(systemClock.now()).toISOString();
const text = (value: string) => ({ content: [{ type: "text" as const, text: value }], details: {} });

export interface ProtectAdapter {
  /** The "Protected context" block keel's strategies embed (empty when nothing is protected). */
  block(): string;
  /** Called by keel's session_before_compact handler: overwrite the pending snapshot with the registry. */
  snapshot(): void;
  /** `/keel protect <raw>` with the argument text as typed. */
  command(raw: string, ctx: ExtensionContext): Promise<void>;
}

export function registerProtect(pi: ExtensionAPI, router: KeelCommandRouter): ProtectAdapter {
  const live: ProtectLive = {
    state: structuredClone(EMPTY_STATE),
    degraded: false,
    epoch: 0,
    revision: 0,
    lastExtraction: undefined,
    lastDiscovery: undefined,
  };
  let snapshot: ProtectedItem[] | undefined;
  let pending: PendingVerification | undefined;
  let lastVerification: VerificationSummary | undefined;

  /** Every registry or mode change: persist it and drop a pending pre-compaction snapshot. */
  const commit = (next: ProtectState) => {
    live.state = next;
    live.revision++;
    snapshot = undefined;
    pi.appendEntry(STATE_TYPE, persistedState(next));
  };
  const aux = registerProtectAux(pi, live, commit);

  pi.on("session_start", async (_event, ctx) => {
    live.epoch++;
    snapshot = undefined;
    await guarded(ctx, "protect start", async () => {
      const branch = ctx.sessionManager.getBranch() as unknown as BranchEntry[];
      const loaded = loadProtectState(branch, nowIso());
      live.state = loaded.state;
      live.degraded = loaded.degraded;
      live.lastExtraction = undefined;
      live.lastDiscovery = undefined;
      if (loaded.warning) ctx.ui.notify(loaded.warning, "warning");
      if (loaded.source === "original" && !loaded.degraded) {
        commit(loaded.state);
        ctx.ui.notify(
          `keel protect: imported ${loaded.state.items.length} item(s) from context-guard state.`,
          "info",
        );
      }
      const restored = restoreLifecycle(branch);
      pending = restored.pending;
      lastVerification = restored.verifications.at(-1);
    });
  });

  pi.on("session_shutdown", async () => {
    live.epoch++;
    aux.abortAll();
    snapshot = undefined;
    pending = undefined;
  });

  pi.on("session_compact", async (event, ctx) => {
    const taken = snapshot;
    snapshot = undefined;
    await guarded(ctx, "protect after compaction", async () => {
      if (!taken) {
        pending = undefined;
        if (live.state.items.length > 0)
          ctx.ui.notify(
            "keel protect: this compaction could not be verified (no snapshot was taken before it).",
            "warning",
          );
        return;
      }
      pending = { v: 1, compactionId: event.compactionEntry.id, snapshot: taken };
      pi.appendEntry(PENDING_TYPE, pending);
    });
  });

  pi.on("session_compact_failed", async () => {
    snapshot = undefined;
  });

  pi.on("context", async (event, ctx) => {
    if (!pending) return undefined;
    const consumed = pending;
    pending = undefined;
    return guarded(ctx, "protect verification", async () => {
      const candidate = projectCandidate(event.messages, ctx.getSystemPrompt());
      const outcome = completeVerification(consumed, candidate, live.state, nowIso());
      lastVerification = outcome.summary;
      const { recovery } = outcome;
      ctx.ui.notify(verificationNotice(outcome.summary), outcome.summary.lost > 0 ? "warning" : "info");
      // Writing to the session from inside a context dispatch is deferred until the dispatch returns.
      queueMicrotask(() => {
        pi.appendEntry(VERIFIED_TYPE, outcome.summary);
        if (recovery) pi.sendMessage(recovery, { triggerTurn: false });
      });
      if (!recovery) return undefined;
      return {
        messages: [...event.messages, { role: "custom" as const, ...recovery, timestamp: Date.now() }],
      };
    });
  });

  registerProtectedTool(pi, () => ({ state: live.state, lastVerification }));

  const adapter: ProtectAdapter = {
    block: () => renderProtectedBlock(live.state),
    snapshot: () => {
      snapshot = structuredClone(live.state.items);
    },
    async command(raw, ctx) {
      const reply = runProtectCommand(raw, live.state, {
        now: nowIso(),
        extras: {
          degraded: live.degraded,
          lastExtraction: live.lastExtraction,
          lastDiscovery: live.lastDiscovery,
          lastVerification,
          verificationPending: pending !== undefined,
        },
      });
      if (reply.state) commit(reply.state);
      ctx.ui.notify(reply.message, reply.level);
    },
  };
  router.add(
    "protect",
    `/keel protect ${PROTECT_USAGE.slice("/keel protect ".length)}`,
    async (_args, ctx, rest) => {
      await adapter.command(rest, ctx);
    },
  );
  return adapter;
}

/** keel_protected: the agent may read the registry and the last verification; it cannot change anything. */
function registerProtectedTool(
  pi: ExtensionAPI,
  view: () => { state: ProtectState; lastVerification: VerificationSummary | undefined },
): void {
  pi.registerTool({
    name: "keel_protected",
    label: "keel protected",
    description:
      "List the user's protected context items (goals, constraints, requirements, decisions, facts) and the result of the last post-compaction verification. Read only: only the user adds or removes items.",
    promptSnippet: "keel_protected: list protected items that must stay true, and the last verification",
    parameters: Type.Object({}, { additionalProperties: false }),
    async execute() {
      const { state, lastVerification } = view();
      const items = state.items.map((item) => ({
        ...item,
        provenance: provenanceOf(state, item.id),
        ...(state.discoveryItemIds.includes(item.id)
          ? { status: state.discoveryLifecycle[item.id]?.status ?? "active" }
          : {}),
      }));
      return text(
        JSON.stringify(
          { items, recovery: state.recovery, lastVerification: lastVerification ?? null },
          null,
          2,
        ),
      );
    },
  });
}
