// Pi adapter for keel protect's opt-in auxiliary requests: automatic extraction on eligible user input and
// discovery at turn_end from the turn's tool results. Each makes at most one request through the session's
// model with a 20 s limit; late answers (new session, changed registry) are dropped silently, failures leave
// the registry untouched and show one short warning without the provider's text.
import type { ExtensionContext, InputEvent, TurnEndEvent } from "@earendil-works/pi-coding-agent";
import { systemClock } from "../src/core/clock.ts";
import { fail, type Result } from "../src/core/result.ts";
import { askModel } from "../src/llm/ask-model.ts";
import { AUX_TIMEOUT_MS, isCurrent, type RequestStamp, replyText } from "../src/protect/aux-request.ts";
import {
  applyDiscovery,
  collectEvidence,
  DISCOVERY_SYSTEM_PROMPT,
  discoveryPayload,
  parseDiscoveryAnswer,
} from "../src/protect/discovery.ts";
import {
  applyExtraction,
  EXTRACTION_SYSTEM_PROMPT,
  extractionPayload,
  isExtractable,
  parseExtraction,
} from "../src/protect/extraction.ts";
import type { AuxFailure, AuxOutcome, ProtectState } from "../src/protect/types.ts";

/** The adapter's live protect state, shared with extension/protect.ts. */
export interface ProtectLive {
  state: ProtectState;
  degraded: boolean;
  /** Bumped on every session start and shutdown. */
  epoch: number;
  /** Bumped on every registry or mode change. */
  revision: number;
  lastExtraction: AuxOutcome | undefined;
  lastDiscovery: AuxOutcome | undefined;
}

type Ask = Result<string, AuxFailure>;

/** The input and turn_end steps of protect, and the abort of every request in flight (session shutdown). */
export interface ProtectAuxSteps {
  input(event: InputEvent, ctx: ExtensionContext): void;
  turnEnd(event: TurnEndEvent, ctx: ExtensionContext): void;
  abortAll(): void;
}

/** What the requests share: the live state, the commit of a registry change, the requests in flight. */
interface AuxRequests {
  live: ProtectLive;
  commit: (next: ProtectState) => void;
  inFlight: Set<AbortController>;
}

export function createProtectAux(live: ProtectLive, commit: (next: ProtectState) => void): ProtectAuxSteps {
  const aux: AuxRequests = { live, commit, inFlight: new Set() };
  return {
    // Not awaited: the user's turn never waits on extraction.
    input(event, ctx) {
      if (
        aux.live.state.extraction === "automatic" &&
        isExtractable(event.text, event.source, ctx.model !== undefined)
      )
        void extract(aux, event.text, ctx).catch(report(ctx, "extraction"));
    },
    turnEnd(event, ctx) {
      if (aux.live.state.discovery !== "automatic" || !ctx.model) return;
      const results = (event.toolResults ?? []).map((r) => ({
        toolCallId: r.toolCallId,
        toolName: r.toolName,
        content: r.content,
      }));
      if (results.length > 0) void discover(aux, results, ctx).catch(report(ctx, "discovery"));
    },
    abortAll() {
      for (const controller of aux.inFlight) controller.abort();
      aux.inFlight.clear();
    },
  };
}

async function ask(
  aux: AuxRequests,
  ctx: ExtensionContext,
  systemPrompt: string,
  payload: string,
): Promise<Ask> {
  const model = ctx.model;
  if (!model) return fail("aborted");
  const controller = new AbortController();
  aux.inFlight.add(controller);
  try {
    const answer = await askModel(ctx.modelRegistry, model, {
      context: {
        systemPrompt,
        messages: [{ role: "user", content: [{ type: "text", text: payload }], timestamp: Date.now() }],
      },
      maxTokens: 1024,
      deadlineMs: AUX_TIMEOUT_MS,
      signal: controller.signal,
      lowestReasoning: true,
    });
    return answer.ok ? replyText(answer.value) : fail(answer.reason.code);
  } finally {
    aux.inFlight.delete(controller);
  }
}

/** A request outlived its session or registry: nothing to apply and nothing to report. */
function stale(aux: AuxRequests, stamp: RequestStamp, ctx: ExtensionContext): boolean {
  try {
    return !isCurrent(stamp, stampOf(aux, ctx));
  } catch {
    return true; // the ctx belongs to a replaced session
  }
}

function stampOf(aux: AuxRequests, ctx: ExtensionContext): RequestStamp {
  return { epoch: aux.live.epoch, revision: aux.live.revision, sessionId: ctx.sessionManager.getSessionId() };
}

async function extract(aux: AuxRequests, message: string, ctx: ExtensionContext): Promise<void> {
  const stamp = stampOf(aux, ctx);
  const answer = await ask(aux, ctx, EXTRACTION_SYSTEM_PROMPT, extractionPayload(message, aux.live.state));
  if (stale(aux, stamp, ctx)) return;
  const batch = answer.ok ? parseExtraction(answer.value, message, aux.live.state) : fail(answer.reason);
  if (!batch.ok) {
    aux.live.lastExtraction = { status: "failed", failure: batch.reason };
    ctx.ui.notify(`keel protect: automatic extraction failed (${batch.reason}); nothing changed.`, "warning");
    return;
  }
  const applied = applyExtraction(aux.live.state, batch.value);
  aux.live.lastExtraction = { status: "success", added: applied.added, retired: applied.retired };
  if (applied.added + applied.retired === 0) return;
  aux.commit(applied.state);
  ctx.ui.notify(
    `keel protect: extraction added ${applied.added} and retired ${applied.retired} automatic item(s).`,
    "info",
  );
}

async function discover(
  aux: AuxRequests,
  results: Parameters<typeof collectEvidence>[0],
  ctx: ExtensionContext,
): Promise<void> {
  const records = collectEvidence(results);
  if (records.length === 0) return;
  const stamp = stampOf(aux, ctx);
  const answer = await ask(aux, ctx, DISCOVERY_SYSTEM_PROMPT, discoveryPayload(records));
  if (stale(aux, stamp, ctx)) return;
  const facts = answer.ok ? parseDiscoveryAnswer(answer.value, records) : fail(answer.reason);
  if (!facts.ok) {
    aux.live.lastDiscovery = { status: "failed", failure: facts.reason };
    ctx.ui.notify(`keel protect: discovery failed (${facts.reason}); nothing changed.`, "warning");
    return;
  }
  const applied = applyDiscovery(
    aux.live.state,
    facts.value,
    records,
    new Date(systemClock.now()).toISOString(),
  );
  aux.live.lastDiscovery = { status: "success", added: applied.added, retired: 0 };
  if (applied.added === 0) return;
  aux.commit(applied.state);
  ctx.ui.notify(
    `keel protect: captured ${applied.added} discover${applied.added === 1 ? "y" : "ies"} from tool evidence.`,
    "info",
  );
}

function report(ctx: ExtensionContext, what: string): (error: unknown) => void {
  return (error: unknown) => {
    try {
      ctx.ui.notify(
        `keel protect: ${what} failed unexpectedly (${error instanceof Error ? error.name : "error"}).`,
        "warning",
      );
    } catch {
      // the session that started the request is gone; there is no one left to tell
    }
  };
}
