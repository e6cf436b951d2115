import { join } from "node:path";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { createMemoryGuidance } from "../../extension/memory-guidance.ts";
import type { SessionRuntime } from "../../extension/runtime.ts";
import { registerKeelTools } from "../../extension/tools.ts";
import { systemClock } from "../../src/core/clock.ts";
import { ok } from "../../src/core/result.ts";
import { UNTRUSTED_BANNER } from "../../src/memory/actions.ts";
import { GUIDANCE_SECTION } from "../../src/memory/guidance.ts";
import { MemoryToolSchema } from "../../src/memory/tool-schema.ts";
import { noApproval } from "../../src/project/context.ts";
import { tempDir } from "../support/temp.ts";
import { openFixture } from "./memory-checks.ts";

const root = tempDir("memory-ext");

type Handler = (event: unknown, ctx: unknown) => Promise<unknown>;

/** The pi adapter's memory wiring: keel_memory from the tool registry and the guidance steps. */
function registerMemory(api: ExtensionAPI, runtime: () => SessionRuntime | undefined) {
  const steps = createMemoryGuidance(runtime);
  const memoryGuidance = () => (steps.replaced() ? ("replaced" as const) : ("active" as const));
  registerKeelTools(api, { runtime, guard: () => undefined, memoryGuidance }, ["memory"]);
  return steps;
}

function runtimeOf(
  store: SessionRuntime["store"] & object,
  identity: SessionRuntime["identity"],
): SessionRuntime {
  if (!identity.ok) throw new Error(identity.reason);
  const project = {
    store,
    project: identity.value,
    clock: systemClock,
    cwd: root,
    sessionId: "session-x",
    origin: "agent" as const,
    personalContract: join(root, "personal.json"),
    sessionDirs: [],
    approve: noApproval,
  };
  return { store, storeError: undefined, identity, project: ok(project) };
}

function fakePi() {
  const handlers = new Map<string, Handler>();
  const tools: Array<{
    name: string;
    execute: (...args: unknown[]) => Promise<{ content: Array<{ text: string }>; isError?: boolean }>;
  }> = [];
  const api = {
    on: (name: string, handler: Handler) => handlers.set(name, handler),
    registerTool: (tool: (typeof tools)[number]) => tools.push(tool),
  } as unknown as ExtensionAPI;
  return { api, handlers, tools };
}

function ctx(prompt: string, notes: string[]) {
  return {
    cwd: root,
    hasUI: false,
    getSystemPrompt: () => prompt,
    sessionManager: { getSessionId: () => "session-x" },
    ui: { notify: (message: string) => notes.push(message), confirm: async () => true },
  };
}

describe("registerMemory", () => {
  it("registers keel_memory with a closed schema and answers in the envelope", async () => {
    expect((MemoryToolSchema as { additionalProperties?: unknown }).additionalProperties).toBe(false);
    const f = await openFixture("node-sqlite", join(root, "ext.db"));
    const pi = fakePi();
    const identity = ok({
      id: "proj-a",
      root: "/work/proj-a",
      identitySource: "git" as const,
      name: "proj-a",
    });
    const runtime = runtimeOf(f.store, identity);
    const steps = registerMemory(pi.api, () => runtime);
    expect(pi.tools.map((t) => t.name)).toEqual(["keel_memory"]);
    // Areas hand their steps to extension/index.ts instead of subscribing to pi's events themselves.
    expect(pi.handlers.size).toBe(0);
    const notes: string[] = [];
    const result = await pi.tools[0]!.execute(
      "call-1",
      { action: "status" },
      undefined,
      undefined,
      ctx("", notes),
    );
    expect(result.content[0]!.text.startsWith(UNTRUSTED_BANNER)).toBe(true);
    expect(JSON.parse(result.content[0]!.text.split("\n")[1]!)).toMatchObject({
      ok: true,
      action: "status",
      data: { records: 0 },
    });

    const event = { systemPrompt: "", systemPromptOptions: { sections: {} as Record<string, string> } };
    await steps.beforeRun(event as never, ctx("", notes) as never);
    const guidance = event.systemPromptOptions.sections[GUIDANCE_SECTION]!;
    expect(guidance).toContain("keel_memory");
    await steps.agentStart(ctx(`base\n${guidance}`, notes) as never);
    expect(notes).toEqual([]);

    const forced = {
      systemPrompt: "",
      systemPromptOptions: { sections: {}, forceSystemPrompt: "Only this." },
    };
    const answer = (await steps.beforeRun(forced as never, ctx("", notes) as never)) as {
      systemPrompt: string;
    };
    expect(answer.systemPrompt.startsWith("Only this.")).toBe(true);
    expect(answer.systemPrompt).toContain("keel_memory");

    await steps.agentStart(ctx("a prompt without keel's guidance", notes) as never);
    await steps.agentStart(ctx("a prompt without keel's guidance", notes) as never);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain("replaced the system prompt");
    await f.store.close();
  });

  it("answers with an error envelope when the store is not open", async () => {
    const pi = fakePi();
    registerMemory(pi.api, () => undefined);
    const result = await pi.tools[0]!.execute(
      "c",
      { action: "search", query: "x" },
      undefined,
      undefined,
      ctx("", []),
    );
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toContain("STORE_UNAVAILABLE");
  });
});
