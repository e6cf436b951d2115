// Refusals are not results: the one reader recognises what keel writes for a refused call, and the readers
// built on it (recall rendering, extraction) show the refusal instead of an error.
import { describe, expect, it } from "vitest";
import { indexBranchFacts, outcomeOf } from "../../src/compact/verbatim/branch-index.ts";
import { extractBranch } from "../../src/compact/verified/extract/index.ts";
import type { BranchEntry } from "../../src/session/entries.ts";
import { readRefusal, writeRefusal } from "../../src/session/refusals.ts";
import { entryDetail } from "../../src/session/render-text.ts";

const result = (text: string, isError = true) => ({
  role: "toolResult",
  toolCallId: "c1",
  toolName: "bash",
  content: [{ type: "text", text }],
  isError,
});

describe("readRefusal", () => {
  it("reads back each kind keel writes, and nothing else", () => {
    expect(readRefusal(result(writeRefusal("loop-brake", "this command failed 2 times")))?.label).toBe(
      "refused by keel: loop brake",
    );
    expect(readRefusal(result(writeRefusal("user", "force push")))?.label).toBe("refused by the user");
    expect(readRefusal(result(writeRefusal("no-ui", "force push. Ask the user")))?.label).toBe(
      "blocked: no UI to confirm",
    );
    // A command that printed keel's words and succeeded, or a plain failure, is not a refusal.
    expect(readRefusal(result("keel loop brake: quoted in a log", false))).toBeUndefined();
    expect(readRefusal(result("npm ERR! test failed\n\nCommand exited with code 1"))).toBeUndefined();
    expect(readRefusal(undefined)).toBeUndefined();
  });
});

describe("readers agree", () => {
  const entries = (text: string): BranchEntry[] =>
    [
      {
        type: "message",
        id: "u1",
        parentId: null,
        timestamp: "2026-12-01T00:00:00.000Z",
        message: { role: "user", content: "run the tests", timestamp: 1 },
      },
      {
        type: "message",
        id: "a1",
        parentId: "u1",
        timestamp: "2026-12-01T00:00:01.000Z",
        message: {
          role: "assistant",
          content: [{ type: "toolCall", id: "c1", name: "bash", arguments: { command: "npm test" } }],
          stopReason: "toolUse",
          timestamp: 2,
        },
      },
      {
        type: "message",
        id: "r1",
        parentId: "a1",
        timestamp: "2026-12-01T00:00:02.000Z",
        message: { ...result(text), timestamp: 3 },
      },
    ] as unknown as BranchEntry[];

  it("recall's entry label and the extraction show a refused run as refused, not as an error", () => {
    const refused = entries(writeRefusal("loop-brake", "this command failed 2 times in a row"));
    expect(entryDetail(refused[2] as BranchEntry)).toBe("bash call=c1 refused by keel: loop brake");
    const x = extractBranch(refused, { cwd: "/repo" });
    expect(x.errors).toEqual([]);
    expect(x.openLoops).toEqual([]);
    expect(x.refused).toEqual([
      { tool: "bash", command: "npm test", label: "refused by keel: loop brake", entryId: "r1" },
    ]);

    // The verbatim checkpoint's outcome of the call (what pi's session file held before this fix: "error").
    const brake = entries("keel loop brake: this command failed 2 times in a row the same way");
    expect(outcomeOf(indexBranchFacts(brake), "c1")).toBe("refused by keel: loop brake");
    const declined = entries(
      "The user declined a destructive command: force push rewrites the remote branch",
    );
    expect(outcomeOf(indexBranchFacts(declined), "c1")).toBe("refused by the user");

    const failed = entries("1 failing\n\nCommand exited with code 1");
    expect(outcomeOf(indexBranchFacts(failed), "c1")).toBe("error");
    expect(entryDetail(failed[2] as BranchEntry)).toBe("bash call=c1 error");
    expect(extractBranch(failed, { cwd: "/repo" }).errors).toHaveLength(1);
  });
});
