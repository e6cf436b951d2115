// The seam for auxiliary model calls that take text and give text: binds pi's model registry and the
// session's model to keel's `Complete` shape, with a per-call timeout and abort, the model's lowest
// reasoning level, the output cap clamped to the model, and secrets scrubbed from every request.
import type { Complete, ModelReply } from "../compact/verified/synthesize.ts";
import { scrubSecrets } from "../core/secrets.ts";
import { lowestReasoningLevel, replyText } from "../protect/aux-request.ts";

/** What keel needs of pi's model registry (ctx.modelRegistry). */
export interface RegistryLike {
  complete(model: unknown, context: unknown, options: unknown): Promise<unknown>;
}

export interface ModelLike {
  maxTokens?: number;
  reasoning?: boolean;
  thinkingLevelMap?: Partial<Record<string, unknown>>;
}

export function bindCompleter(registry: RegistryLike, model: ModelLike, signal?: AbortSignal): Complete {
  return async (call): Promise<ModelReply> => {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<ModelReply>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ ok: false, failure: "timeout" });
      }, call.timeoutMs);
    });
    const level = lowestReasoningLevel(model);
    const maxTokens = Math.min(call.maxTokens, model.maxTokens ?? call.maxTokens);
    const request = registry
      .complete(
        model,
        {
          systemPrompt: scrubSecrets(call.system).text,
          messages: [
            {
              role: "user",
              content: [{ type: "text", text: scrubSecrets(call.prompt).text }],
              timestamp: Date.now(),
            },
          ],
        },
        { signal: controller.signal, maxTokens, ...(level ? { reasoningEffort: level } : {}) },
      )
      .then((reply): ModelReply => {
        const read = replyText(reply as never);
        return read.ok
          ? { ok: true, text: read.text }
          : {
              ok: false,
              failure:
                read.failure === "aborted"
                  ? "aborted"
                  : read.failure === "provider"
                    ? "provider"
                    : "invalid-response",
            };
      })
      .catch((): ModelReply => ({ ok: false, failure: controller.signal.aborted ? "timeout" : "provider" }));
    try {
      return await Promise.race([request, timeout]);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  };
}
