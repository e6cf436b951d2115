// The one seam for keel's auxiliary model calls: one request through pi's model registry with a deadline, an
// optional caller signal, and optionally the model's lowest declared reasoning level. Expected failures are
// values (timeout, aborted, provider), never exceptions; a reply that arrives after the deadline is dropped.
// What the reply means (text, tool calls, JSON) is the caller's business. Every request's messages go through
// the one redaction path first, so no caller can send a secret from the session or a tool result to the model.
import type { ModelRegistry } from "@earendil-works/pi-coding-agent";
import { describeError } from "../core/errors.ts";
import { ok, type Problem, problem, type Result } from "../core/result.ts";
import { redactDeep } from "../core/secrets.ts";

type Complete = ModelRegistry["complete"];
/** A model as pi's registry takes it (`ctx.model`). */
export type AskableModel = Parameters<Complete>[0];
/** The conversation of one request: system prompt, messages and optional tools, in pi-ai's shape. */
export type AskContext = Parameters<Complete>[1];
export type ModelReply = Awaited<ReturnType<Complete>>;

export interface AskRequest {
  context: AskContext;
  maxTokens: number;
  /** Milliseconds until the request is aborted and answered with `timeout`. */
  deadlineMs: number;
  /** Aborts the request from outside (session shutdown, a cancelled tool call). */
  signal?: AbortSignal;
  /** Ask for the model's lowest declared reasoning level (auxiliary requests that need no thinking). */
  lowestReasoning?: boolean;
}

export type AskFailure = "timeout" | "aborted" | "provider";
/** The model's reply, or why there is none: a failure code and the provider's own text (for callers that may show it). */
export type AskResult = Result<ModelReply, Problem<AskFailure>>;

const LEVELS = ["minimal", "low", "medium", "high"] as const;

/** The lowest reasoning level the model declares, or undefined for a model without reasoning. */
export function lowestReasoningLevel(model: {
  reasoning?: boolean;
  thinkingLevelMap?: Partial<Record<string, unknown>>;
}): string | undefined {
  if (!model.reasoning) return undefined;
  return LEVELS.find((level) => model.thinkingLevelMap?.[level] !== null);
}

/** Sends one request and waits for its reply, the deadline or the caller's abort, whichever comes first. */
export async function askModel(
  registry: Pick<ModelRegistry, "complete">,
  model: AskableModel,
  request: AskRequest,
): Promise<AskResult> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (request.signal?.aborted) abort();
  request.signal?.addEventListener("abort", abort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<AskResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(problem("timeout", "timed out"));
    }, request.deadlineMs);
  });
  const level = request.lowestReasoning ? lowestReasoningLevel(model) : undefined;
  const options = {
    signal: controller.signal,
    maxTokens: request.maxTokens,
    ...(level ? { reasoningEffort: level } : {}),
  };
  const context = { ...request.context, messages: redactDeep(request.context.messages) };
  const reply = registry
    .complete(model, context, options)
    .then(readReply)
    .catch(
      (error): AskResult => problem(controller.signal.aborted ? "aborted" : "provider", describeError(error)),
    );
  try {
    return await Promise.race([reply, deadline]);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", abort);
  }
}

function readReply(reply: ModelReply): AskResult {
  if (reply.stopReason === "aborted") return problem("aborted", reply.errorMessage ?? "aborted");
  if (reply.stopReason === "error") return problem("provider", reply.errorMessage ?? "error");
  return ok(reply);
}
