// Pi adapter for protected context: `/keel protect …`, the keel_protected tool, the registry loaded from (and
// saved to) the session, and protect's steps in keel's pipelines: the snapshot in the session_before_compact
// handler, verification on the first request after a compaction, and recovery. The transitions are
// src/protect/compaction-cycle.ts; rules live in src/protect; this file moves data.
import type { ExtensionAPI, ExtensionContext, SessionCompactEvent } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";
import { systemClock } from "../src/core/clock.ts";
import { renderProtectedBlock } from "../src/protect/block.ts";
import { PROTECT_USAGE, runProtectCommand } from "../src/protect/commands.ts";
import {
  afterCompaction,
  cycleAfterStart,
  dropSnapshot,
  IDLE_CYCLE,
  type ProtectCycle,
  takePending,
  takeSnapshot,
} from "../src/protect/compaction-cycle.ts";
import {
  completeVerification,
  PENDING_TYPE,
  projectCandidate,
  VERIFIED_TYPE,
  verificationNotice,
} from "../src/protect/lifecycle.ts";
import { loadProtectState } from "../src/protect/load.ts";
import { persistedState, STATE_TYPE } from "../src/protect/state-schema.ts";
import {
  EMPTY_STATE,
  type ProtectState,
  provenanceOf,
  type VerificationSummary,
} from "../src/protect/types.ts";
import { type ContextMessage, contextMessage } from "../src/session/hidden-message.ts";
import { guarded } from "./guarded.ts";
import type { KeelCommandRouter } from "./keel-command.ts";
import { createProtectAux, type ProtectAuxSteps, type ProtectLive } from "./protect-aux.ts";

const nowIso = () => new Date(systemClock.now()).toISOString();
const text = (value: string) => ({ content: [{ type: "text" as const, text: value }], details: {} });

/** Protect's steps in keel's pipelines (extension/index.ts runs them in order), and its /keel verb. */
export interface ProtectSteps {
  /** session_start: load the registry from the branch and restore an unconsumed verification. */
  start(ctx: ExtensionContext): Promise<void>;
  shutdown(): void;
  /** session_before_compact: snapshot the registry; returns the block keel's strategies embed. */
  snapshot(): string;
  /** session_compact: the snapshot becomes the pending verification of this compaction. */
  compacted(event: SessionCompactEvent, ctx: ExtensionContext): Promise<void>;
  compactFailed(): void;
  /** context: verify the first request after a compaction; the request with the recovery message, if any. */
  request(messages: ContextMessage[], ctx: ExtensionContext): Promise<ContextMessage[] | undefined>;
  /** input and turn_end: the opt-in extraction and discovery requests. */
  aux: ProtectAuxSteps;
}

export function createProtect(pi: ExtensionAPI, router: KeelCommandRouter): ProtectSteps {
  const live: ProtectLive = {
    state: structuredClone(EMPTY_STATE),
    degraded: false,
    epoch: 0,
    revision: 0,
    lastExtraction: undefined,
    lastDiscovery: undefined,
  };
  let cycle: ProtectCycle = IDLE_CYCLE;
  let lastVerification: VerificationSummary | undefined;

  /** Every registry or mode change: persist it and drop a pending pre-compaction snapshot. */
  const commit = (next: ProtectState) => {
    live.state = next;
    live.revision++;
    cycle = dropSnapshot(cycle);
    pi.appendEntry(STATE_TYPE, persistedState(next));
  };
  const aux = createProtectAux(live, commit);
  registerProtectedTool(pi, () => ({ state: live.state, lastVerification }));
  router.add(
    "protect",
    `/keel protect ${PROTECT_USAGE.slice("/keel protect ".length)}`,
    async (_args, ctx, rest) => {
      const reply = runProtectCommand(rest, live.state, {
        now: nowIso(),
        extras: {
          degraded: live.degraded,
          lastExtraction: live.lastExtraction,
          lastDiscovery: live.lastDiscovery,
          lastVerification,
          verificationPending: cycle.pending !== undefined,
        },
      });
      if (reply.state) commit(reply.state);
      ctx.ui.notify(reply.message, reply.level);
    },
  );

  return {
    aux,
    async start(ctx) {
      live.epoch++;
      cycle = dropSnapshot(cycle);
      await guarded(ctx, "protect start", async () => {
        const branch = ctx.sessionManager.getBranch();
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
        const restored = cycleAfterStart(branch);
        cycle = restored.cycle;
        lastVerification = restored.lastVerification;
      });
    },
    shutdown() {
      live.epoch++;
      aux.abortAll();
      cycle = IDLE_CYCLE;
    },
    snapshot() {
      cycle = takeSnapshot(cycle, live.state.items);
      return renderProtectedBlock(live.state);
    },
    async compacted(event, ctx) {
      const next = afterCompaction(cycle, event.compactionEntry.id);
      cycle = next.cycle;
      await guarded(ctx, "protect after compaction", async () => {
        if (next.kind === "pending") pi.appendEntry(PENDING_TYPE, next.record);
        else if (live.state.items.length > 0)
          ctx.ui.notify(
            "keel protect: this compaction could not be verified (no snapshot was taken before it).",
            "warning",
          );
      });
    },
    compactFailed() {
      cycle = dropSnapshot(cycle);
    },
    async request(messages, ctx) {
      const taken = takePending(cycle);
      cycle = taken.cycle;
      const consumed = taken.pending;
      if (!consumed) return undefined;
      return guarded(ctx, "protect verification", async () => {
        const candidate = projectCandidate(messages, ctx.getSystemPrompt());
        const outcome = completeVerification(consumed, candidate, live.state, nowIso());
        lastVerification = outcome.summary;
        const { recovery } = outcome;
        ctx.ui.notify(verificationNotice(outcome.summary), outcome.summary.lost > 0 ? "warning" : "info");
        // Writing to the session from inside a context dispatch is deferred until the dispatch returns.
        queueMicrotask(() => {
          pi.appendEntry(VERIFIED_TYPE, outcome.summary);
          if (recovery) pi.sendMessage(recovery, { triggerTurn: false });
        });
        return recovery ? [...messages, contextMessage(recovery, Date.now())] : undefined;
      });
    },
  };
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
