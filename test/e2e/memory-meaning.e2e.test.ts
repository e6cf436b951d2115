// Meaning search in a real pi on the faux model (issue 29): a decision recorded in one session is found in the
// next by questions that share no word with it, passed to keel_memory as two phrasings, and the answer says it
// matched by meaning; the same store answers `keel memory search` with --or phrasings and shows the index.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBED_MODEL_ID } from "../../src/memory/meaning/model-files.ts";
import { MEMORY_RULES } from "../support/faux-rules.ts";
import type { PiRpc, SessionFileLine } from "../support/pi-rpc.ts";
import { createTempProject, type FauxScript, type TempProject } from "../support/temp-project.ts";

const SCRIPT: FauxScript = {
  rules: [
    ...MEMORY_RULES,
    {
      on: "user",
      match: "^ask memory: (.+?) \\|\\| (.+?) \\|\\|",
      toolCalls: [{ name: "keel_memory", arguments: { action: "search", query: "$1", queries: ["$2"] } }],
    },
  ],
};

type Line = SessionFileLine & {
  type: string;
  message?: { role?: string; toolName?: string; content?: unknown };
};
const textOf = (content: unknown) =>
  ((content as Array<{ text?: string }>) ?? []).map((p) => p.text ?? "").join("");

async function memoryResults(pi: PiRpc): Promise<Array<{ ok: boolean; data: Record<string, unknown> }>> {
  const lines = (await pi.readSessionEntries()) as Line[];
  return lines
    .filter(
      (l) => l.type === "message" && l.message?.role === "toolResult" && l.message.toolName === "keel_memory",
    )
    .map((l) => JSON.parse(textOf(l.message?.content).split("\n").slice(1).join("\n")));
}

describe("meaning search across sessions in a real pi", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({ name: "meaning-demo" });
    project.writeFauxScript(SCRIPT);
  });
  afterAll(() => project?.cleanup());

  it("a decision recorded in session 1 is found in session 2 by questions in other words", async () => {
    const first = await project.startPi();
    let recordedId = "";
    try {
      await first.prompt("remember that money is stored as integer cents, never floating point.");
      await first.prompt("remember that end-to-end tests run in Playwright against a preview deploy.");
      const [recorded] = await memoryResults(first);
      expect(recorded).toMatchObject({ ok: true });
      recordedId = JSON.stringify(recorded).match(/mem-[a-z0-9-]+/)?.[0] ?? "";
      expect(recordedId).not.toBe("");
    } finally {
      await first.close();
    }
    const second = await project.startPi();
    try {
      await second.prompt(
        "ask memory: how do we keep prices, as decimals or whole numbers? || what format for currency values? ||",
      );
      const [found] = await memoryResults(second);
      expect(found).toMatchObject({ ok: true });
      const results = found!.data.results as Array<{ id: string; match: string; similarity: number }>;
      expect(found!.data.phrasings).toEqual([
        "how do we keep prices, as decimals or whole numbers?",
        "what format for currency values?",
      ]);
      expect(results[0]).toMatchObject({ id: recordedId, match: "meaning" });
      expect(results[0]!.similarity).toBeGreaterThan(0.25);
    } finally {
      await second.close();
    }
    const cli = project.keel([
      "memory",
      "search",
      "should",
      "amounts",
      "be",
      "whole",
      "numbers?",
      "--or",
      "how are prices kept?",
      "--json",
    ]);
    expect(cli.status, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout).results[0]).toMatchObject({ id: recordedId, match: "meaning" });
    const status = project.keel(["memory", "status", "--json"]);
    expect(JSON.parse(status.stdout).meaning).toMatchObject({
      model: EMBED_MODEL_ID,
      embedded: 2,
      records: 2,
    });
  });
});
