// askModel's contract with pi's registry: the reply, a provider error or abort as values, the deadline, and the
// caller's signal. The registry here is a stand-in with pi's `complete` signature that replies on cue.
import { describe, expect, it } from "vitest";
import { type AskableModel, askModel, type ModelReply } from "../../src/llm/ask-model.ts";

const model = { reasoning: true, thinkingLevelMap: { minimal: null } } as unknown as AskableModel;
const reply = (stopReason: string, errorMessage?: string) =>
  ({ role: "assistant", content: [{ type: "text", text: "hi" }], stopReason, errorMessage }) as ModelReply;
const request = { context: { messages: [] }, maxTokens: 10, deadlineMs: 5_000 };

/** Replies with `answer` unless the request's signal aborts first (then like a provider: stopReason aborted). */
function registry(answer: Promise<ModelReply> | "never") {
  const seen: Array<{ options: unknown }> = [];
  return {
    seen,
    complete: (_m: unknown, _c: unknown, options?: { signal?: AbortSignal }) => {
      seen.push({ options });
      return new Promise<ModelReply>((resolve, reject) => {
        options?.signal?.addEventListener("abort", () => resolve(reply("aborted", "stopped")));
        if (answer !== "never") answer.then(resolve, reject);
      });
    },
  };
}

describe("askModel", () => {
  it("returns the reply and asks for the lowest declared reasoning level when told to", async () => {
    const r = registry(Promise.resolve(reply("stop")));
    const result = await askModel(r as never, model, { ...request, lowestReasoning: true });
    expect(result).toEqual({ ok: true, value: reply("stop") });
    expect(r.seen[0]?.options).toMatchObject({ maxTokens: 10, reasoningEffort: "low" });
  });

  it("sends every message through the redaction path", async () => {
    const secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
    const sent: unknown[] = [];
    const r = {
      complete: async (_m: unknown, context: unknown) => {
        sent.push(context);
        return reply("stop");
      },
    };
    const context = {
      systemPrompt: "s",
      messages: [{ role: "user", content: [{ type: "text", text: `token ${secret}` }], timestamp: 1 }],
    };
    expect((await askModel(r as never, model, { ...request, context: context as never })).ok).toBe(true);
    expect(JSON.stringify(sent)).not.toContain(secret);
    expect(JSON.stringify(sent)).toContain("token ");
  });

  it("turns provider errors, rejections and aborts into failures", async () => {
    expect(
      await askModel(registry(Promise.resolve(reply("error", "boom"))) as never, model, request),
    ).toEqual({
      ok: false,
      reason: { code: "provider", message: "boom" },
    });
    const rejected = await askModel(registry(Promise.reject(new Error("down"))) as never, model, request);
    expect(rejected).toMatchObject({ ok: false, reason: { code: "provider" } });
    const controller = new AbortController();
    const pending = askModel(registry("never") as never, model, { ...request, signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, reason: { code: "aborted" } });
  });

  it("answers timeout at the deadline and aborts the request", async () => {
    const r = registry("never");
    const result = await askModel(r as never, model, { ...request, deadlineMs: 20 });
    expect(result).toEqual({ ok: false, reason: { code: "timeout", message: "timed out" } });
    const options = r.seen[0]?.options as { signal: AbortSignal } | undefined;
    expect(options?.signal.aborted).toBe(true);
  });
});
