// The verified strategy's text-in, text-out model calls on top of the one seam (ask-model.ts): binds pi's model
// registry and the session's model to keel's `Complete` shape, with the call's deadline and the caller's abort,
// the model's lowest reasoning level, the output cap clamped to the model, and secrets scrubbed from every request.
import type { ModelRegistry } from "@earendil-works/pi-coding-agent";
import { fail } from "../core/result.ts";
import { scrubSecrets } from "../core/secrets.ts";
import { type AskableModel, askModel } from "./ask-model.ts";
import { type Complete, replyText, type TextReply } from "./types.ts";

export function bindCompleter(
  registry: Pick<ModelRegistry, "complete">,
  model: AskableModel,
  signal?: AbortSignal,
): Complete {
  return async (call): Promise<TextReply> => {
    const asked = await askModel(registry, model, {
      context: {
        systemPrompt: scrubSecrets(call.system).text,
        messages: [
          {
            role: "user",
            content: [{ type: "text", text: scrubSecrets(call.prompt).text }],
            timestamp: Date.now(),
          },
        ],
      },
      maxTokens: Math.min(call.maxTokens, model.maxTokens ?? call.maxTokens),
      deadlineMs: call.timeoutMs,
      ...(signal ? { signal } : {}),
      lowestReasoning: true,
    });
    // A caller's abort here is the compaction being cancelled; the strategy treats it like a timeout.
    if (!asked.ok) return fail(asked.reason.code === "provider" ? "provider" : "timeout");
    const read = replyText(asked.value);
    if (read.ok) return read;
    return fail(read.reason === "provider" ? "provider" : "invalid-response");
  };
}
