// keel batch refuses ui, mcp and batch whatever options come first, and its answers carry no raw C1 controls.
import { describe, expect, it } from "vitest";
import { commandVerb, parseBatchLine } from "../../src/cli/batch-request.ts";
import { batchTricks, trickCommands } from "../support/hardening/batch-tricks.ts";

describe("keel batch option order", () => {
  it("finds the verb behind leading options, as commander dispatches", () => {
    expect(commandVerb(["--json", "ui"])).toBe("ui");
    expect(commandVerb(["--", "mcp"])).toBe("mcp");
    expect(commandVerb(["memory", "search", "ui"])).toBe("memory");
    for (const command of trickCommands()) {
      const parsed = parseBatchLine(JSON.stringify({ id: 1, command }));
      expect(parsed.ok, command.join(" ")).toBe(false);
    }
  });

  it("a real batch refuses every trick, ends, and escapes C1 controls in its answers", () => {
    const figures = batchTricks(60_000);
    expect(figures).toEqual({ cases: trickCommands().length + 2, nested: 0, hung: false, rawC1: 0 });
  }, 90_000);

  it("ids and records with C1 controls come back with them as \\u escapes", () => {
    expect(batchTricks(60_000, [])).toEqual({ cases: 2, nested: 0, hung: false, rawC1: 0 });
  }, 90_000);
});
