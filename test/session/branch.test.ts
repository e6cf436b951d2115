// Branch walking (leaf to root by parentId) and the plain-text rendering lookups search.
import { describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import { walkBranch } from "../../src/session/branch.ts";
import { parseSessionText } from "../../src/session/parse.ts";
import { renderEntryLines } from "../../src/session/render-text.ts";

function forked() {
  const b = createSessionBuilder();
  const root = b.user("start");
  const main = b.assistant({ text: "main answer" }).id;
  b.setLeaf(root);
  const side = b.assistant({ text: "side answer" }).id;
  b.setLeaf(main);
  const last = b.user("continue on main");
  return { b, root, main, side, last };
}

describe("walkBranch", () => {
  it("follows the last entry in the file back to the root by default", () => {
    const { b, root, main, last } = forked();
    const walked = walkBranch(parseSessionText(b.toJsonl()));
    expect(walked.ok && walked.value.entries.map((e) => e.id)).toEqual([root, main, last]);
  });

  it("walks the branch of a given leaf and fails clearly on an unknown one", () => {
    const { b, root, side } = forked();
    const session = parseSessionText(b.toJsonl());
    const walked = walkBranch(session, side);
    expect(walked.ok && walked.value.entries.map((e) => e.id)).toEqual([root, side]);
    expect(walkBranch(session, "nope")).toEqual({
      ok: false,
      reason: "no entry with id nope in the session",
    });
    expect(walkBranch(parseSessionText(""))).toEqual({ ok: false, reason: "the session has no entries" });
  });

  it("stops at a missing parent or a cycle with a problem instead of throwing", () => {
    const { b, last } = forked();
    const session = parseSessionText(b.toJsonl());
    session.byId.delete(session.entries[1]!.id);
    const walked = walkBranch(session);
    expect(walked.ok && walked.value.entries.map((e) => e.id)).toEqual([last]);
    expect(walked.ok && walked.value.problems[0]?.kind).toBe("missing-parent");
    const loop = parseSessionText(b.toJsonl());
    (loop.byId.get(loop.entries[0]!.id) as { parentId: string | null }).parentId = last;
    const cyc = walkBranch(loop);
    expect(cyc.ok && cyc.value.problems.map((p) => p.kind)).toEqual(["cycle"]);
  });
});

describe("renderEntryLines", () => {
  it("renders headers and sections with everything untruncated", () => {
    const b = createSessionBuilder();
    const { id, callIds } = b.assistant({
      thinking: "deep thought",
      text: "visible",
      calls: [{ name: "bash", args: { command: "ls" } }],
    });
    const long = "x".repeat(50_000);
    const result = b.toolResult(callIds[0]!, "bash", `line one\n${long}`, { isError: true });
    const custom = b.customMessage("other.ext", "custom body");
    const compaction = b.compaction("the summary", id);
    const entries = parseSessionText(b.toJsonl()).byId;
    expect(renderEntryLines(entries.get(id)!)).toEqual([
      `ENTRY ${id}  assistant (1 tool call)  2026-01-15T09:00:01.000Z`,
      "[thinking]",
      "deep thought",
      "[text]",
      "visible",
      `[toolCall] bash id=${callIds[0]}`,
      "{",
      '  "command": "ls"',
      "}",
    ]);
    expect(renderEntryLines(entries.get(result)!)).toEqual([
      `ENTRY ${result}  toolResult (bash call=${callIds[0]} error)  2026-01-15T09:00:02.000Z`,
      "[output]",
      "line one",
      long,
    ]);
    expect(renderEntryLines(entries.get(custom)!)).toEqual([
      `ENTRY ${custom}  custom_message (other.ext)  2026-01-15T09:00:03.000Z`,
      "[content]",
      "custom body",
    ]);
    expect(renderEntryLines(entries.get(compaction)!).slice(1)).toEqual([
      `[compaction] firstKept=${id} tokensBefore=50000`,
      "[summary]",
      "the summary",
    ]);
  });
});
