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
  type PendingVerification,
  projectCandidate,
  VERIFIED_TYPE,
  verificationNotice,
} from "../src/protect/lifecycle.ts";
import { loadProtectState } from "../src/protect/load.ts";
import { persistedState, STATE_TYPE } from "../src/protect/state-schema.ts";
import {
  EMPTY_STATE,
  itemOrigin,
  type ProtectState,
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
  /** The block keel's strategies embed, without taking a snapshot (for previews). */
  block(): string;
  /** session_compact: the snapshot becomes the pending verification of this compaction. */
  compacted(event: SessionCompactEvent, ctx: ExtensionContext): Promise<void>;
  compactFailed(): void;
  /** context: verify the first request after a compaction; the request with the recovery message, if any. */
  request(messages: ContextMessage[], ctx: ExtensionContext): Promise<ContextMessage[] | undefined>;
  /** input and turn_end: the opt-in extraction and discovery requests. */
  aux: ProtectAuxSteps;
}

/** The adapter's protect state for one session: the live registry, the compaction cycle, the last verification. */
interface ProtectSession {
  live: ProtectLive;
  cycle: ProtectCycle;
  lastVerification: VerificationSummary | undefined;
  /** Every registry or mode change: persist it and drop a pending pre-compaction snapshot. */
  commit(next: ProtectState): void;
}

export function createProtect(pi: ExtensionAPI, router: KeelCommandRouter): ProtectSteps {
  const session = newSession(pi);
  const { live } = session;
  const aux = createProtectAux(live, session.commit);
  registerProtectedTool(pi, () => ({ state: live.state, lastVerification: session.lastVerification }));
  registerProtectCommand(router, session);
  return {
    aux,
    async start(ctx) {
      live.epoch++;
      session.cycle = dropSnapshot(session.cycle);
      await guarded(ctx, "protect start", async () => loadSession(session, ctx));
    },
    shutdown() {
      live.epoch++;
      aux.abortAll();
      session.cycle = IDLE_CYCLE;
    },
    snapshot() {
      session.cycle = takeSnapshot(session.cycle, live.state.items);
      return renderProtectedBlock(live.state);
    },
    block: () => renderProtectedBlock(live.state),
    async compacted(event, ctx) {
      const next = afterCompaction(session.cycle, event.compactionEntry.id);
      session.cycle = next.cycle;
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
      session.cycle = dropSnapshot(session.cycle);
    },
    async request(messages, ctx) {
      const taken = takePending(session.cycle);
      session.cycle = taken.cycle;
      const consumed = taken.pending;
      if (!consumed) return undefined;
      return guarded(ctx, "protect verification", async () => verify(pi, session, consumed, messages, ctx));
    },
  };
}

function newSession(pi: ExtensionAPI): ProtectSession {
  const session: ProtectSession = {
    live: {
      state: structuredClone(EMPTY_STATE),
      degraded: false,
      epoch: 0,
      revision: 0,
      lastExtraction: undefined,
      lastDiscovery: undefined,
    },
    cycle: IDLE_CYCLE,
    lastVerification: undefined,
    commit(next) {
      session.live.state = next;
      session.live.revision++;
      session.cycle = dropSnapshot(session.cycle);
      pi.appendEntry(STATE_TYPE, persistedState(next));
    },
  };
  return session;
}

/** session_start: the registry from the branch (importing an original state once) and the restored cycle. */
function loadSession(session: ProtectSession, ctx: ExtensionContext): void {
  const { live } = session;
  const branch = ctx.sessionManager.getBranch();
  const loaded = loadProtectState(branch, nowIso());
  live.state = loaded.state;
  live.degraded = loaded.degraded;
  live.lastExtraction = undefined;
  live.lastDiscovery = undefined;
  if (loaded.warning) ctx.ui.notify(loaded.warning, "warning");
  if (loaded.source === "original" && !loaded.degraded) {
    session.commit(loaded.state);
    ctx.ui.notify(
      `keel protect: imported ${loaded.state.items.length} item(s) from context-guard state.`,
      "info",
    );
  }
  const restored = cycleAfterStart(branch);
  session.cycle = restored.cycle;
  session.lastVerification = restored.lastVerification;
}

/** The first request after a compaction: verify the snapshot against it; recover lost critical items. */
function verify(
  pi: ExtensionAPI,
  session: ProtectSession,
  pending: PendingVerification,
  messages: ContextMessage[],
  ctx: ExtensionContext,
): ContextMessage[] | undefined {
  const candidate = projectCandidate(messages, ctx.getSystemPrompt());
  const outcome = completeVerification(pending, candidate, session.live.state, nowIso());
  session.lastVerification = outcome.summary;
  const { recovery } = outcome;
  ctx.ui.notify(verificationNotice(outcome.summary), outcome.summary.lost > 0 ? "warning" : "info");
  // Writing to the session from inside a context dispatch is deferred until the dispatch returns.
  queueMicrotask(() => {
    pi.appendEntry(VERIFIED_TYPE, outcome.summary);
    if (recovery) pi.sendMessage(recovery, { triggerTurn: false });
  });
  return recovery ? [...messages, contextMessage(recovery, Date.now())] : undefined;
}

function registerProtectCommand(router: KeelCommandRouter, session: ProtectSession): void {
  router.add(
    "protect",
    `/keel protect ${PROTECT_USAGE.slice("/keel protect ".length)}`,
    async (_args, ctx, rest) => {
      const { live } = session;
      const reply = runProtectCommand(rest, live.state, {
        now: nowIso(),
        extras: {
          degraded: live.degraded,
          lastExtraction: live.lastExtraction,
          lastDiscovery: live.lastDiscovery,
          lastVerification: session.lastVerification,
          verificationPending: session.cycle.pending !== undefined,
        },
      });
      if (reply.state) session.commit(reply.state);
      ctx.ui.notify(reply.message, reply.level);
    },
  );
}

/**
 * keel_protected: the agent may read the registry and the last verification; it cannot change anything. It stays
 * outside the tool registry (src/tools) because both live in pi's session state, which no other host has.
 */
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
        provenance: itemOrigin(state, item.id), // the tool's wire key: the model has always seen "provenance"
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
