// Cumulative file lists with retained-evidence annotations, and retained startup reads.
import { describe, expect, it } from "vitest";
import { createSessionBuilder, type SessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import { compactWithKeel, fileLine, render } from "./scenario.ts";

/** One call and its result as a full exchange; returns the assistant entry id. */
function call(
  b: SessionBuilder,
  name: string,
  args: Record<string, unknown>,
  output = "ok",
  isError = false,
  details?: unknown,
) {
  const { id, callIds } = b.assistant({ calls: [{ name, args }] });
  b.toolResult(callIds[0]!, name, output, { isError, details });
  return id;
}

describe("file lists and annotations", () => {
  it("annotates each path by what the tail still shows", () => {
    const b = createSessionBuilder();
    b.user("start");
    for (const path of [
      "full.ts",
      "partial.ts",
      "paged.ts",
      "edited.ts",
      "written.ts",
      "nothing.ts",
      "plain.md",
      "rewritten.ts",
      "same.ts",
    ]) {
      call(b, path.endsWith(".md") ? "read" : "edit", { path, edits: [] });
    }
    const kept = b.user("continue");
    call(b, "read", { path: "full.ts" });
    call(b, "read", { path: "full.ts", offset: 40, limit: 10 });
    call(b, "read", { path: "partial.ts", offset: 30 });
    call(b, "read", { path: "paged.ts" }, "1\n2\n\n[Showing lines 1-2 of 90. Use offset=3 to continue.]");
    call(b, "read", { path: "edited.ts" });
    call(b, "edit", { path: "edited.ts", edits: [{ oldText: "a", newText: "b" }] });
    call(b, "write", { path: "written.ts", content: "all of it" });
    call(b, "read", { path: "rewritten.ts" }, "failed", true);
    const { callIds } = b.assistant({
      calls: [
        { name: "read", args: { path: "same.ts" } },
        { name: "edit", args: { path: "same.ts", edits: [] } },
      ],
    });
    b.toolResult(callIds[0]!, "read", "text");
    b.toolResult(callIds[1]!, "edit", "done");
    const { summary, details } = render(b, { firstKeptEntryId: kept });
    expect(details.modifiedFiles).toEqual([
      "edited.ts",
      "full.ts",
      "nothing.ts",
      "paged.ts",
      "partial.ts",
      "rewritten.ts",
      "same.ts",
      "written.ts",
    ]);
    expect(details.readFiles).toEqual(["plain.md"]);
    expect(fileLine(summary, "full.ts")).toBe("full.ts (full read in tail)");
    expect(fileLine(summary, "partial.ts")).toBe("partial.ts (partial read in tail)");
    expect(fileLine(summary, "paged.ts")).toBe("paged.ts (partial read in tail)");
    expect(fileLine(summary, "edited.ts")).toBe("edited.ts (read in tail, then edited)");
    expect(fileLine(summary, "written.ts")).toBe("written.ts (write content in tail)");
    expect(fileLine(summary, "rewritten.ts")).toBe("rewritten.ts (no read-tool output in tail)");
    expect(fileLine(summary, "same.ts")).toBe("same.ts (read in tail; order uncertain)");
    expect(fileLine(summary, "nothing.ts")).toBe("nothing.ts (no read-tool output in tail)");
    expect(fileLine(summary, "plain.md")).toBe("plain.md");
    expect(summary).toContain(
      '<read-files default="unless annotated, no retained read-tool output identified">',
    );
    expect(summary.match(/unless annotated/g)).toHaveLength(1);
  });

  it("treats replaced read output as uncertain and omitted output as absent", () => {
    const b = createSessionBuilder();
    b.user("start");
    call(b, "read", { path: "a.ts" });
    call(b, "read", { path: "b.ts" });
    const kept = b.user("continue");
    const { callIds } = b.assistant({
      calls: [
        { name: "read", args: { path: "a.ts" } },
        { name: "read", args: { path: "b.ts" } },
      ],
    });
    const ra = b.toolResult(callIds[0]!, "read", "text a");
    const rb = b.toolResult(callIds[1]!, "read", "text b");
    b.contextEdit(ra, { content: [{ type: "text", text: "[trimmed]" }] });
    b.contextEdit(rb, null);
    const { summary } = render(b, { firstKeptEntryId: kept });
    expect(fileLine(summary, "a.ts")).toBe("a.ts (read output in tail)");
    expect(fileLine(summary, "b.ts")).toBe("b.ts");
  });

  it("carries file lists forward across keel compactions", () => {
    const b = createSessionBuilder();
    b.user("one");
    call(b, "read", { path: "first.ts" });
    const k1 = b.user("two");
    compactWithKeel(b, k1);
    call(b, "write", { path: "second.ts", content: "x" });
    const k2 = b.user("three");
    const { details } = render(b, { firstKeptEntryId: k2 });
    expect(details.keel.readFiles).toEqual(["first.ts"]);
    expect(details.keel.modifiedFiles).toEqual(["second.ts"]);
  });
});

function startupSession() {
  const b = createSessionBuilder();
  b.user("read the instructions");
  const { callIds } = b.assistant({
    calls: [
      { name: "read", args: { path: `${b.cwd}/AGENTS.md` } },
      { name: "read", args: { path: "docs/SPEC.md", offset: 1, limit: 50 } },
      { name: "read", args: { path: "docs/OTHER-SPEC.md" } },
      { name: "read", args: { path: "notes/guide.md" } },
      { name: "read", args: { path: "failing.md" } },
    ],
  });
  b.toolResult(
    callIds[0]!,
    "read",
    "Read ./docs/SPEC.md first. Also failing.md. See docs/OTHER-SPEC.md.bak (not the same file).",
  );
  b.toolResult(callIds[1]!, "read", "SPEC BODY LINE\n\n[30 more lines in file. Use offset=51 to continue.]");
  b.toolResult(callIds[2]!, "read", "OTHER BODY");
  b.toolResult(callIds[3]!, "read", "GUIDE BODY");
  b.toolResult(callIds[4]!, "read", "no such file", { isError: true });
  return b;
}

describe("startup reads", () => {
  it("keeps reads named by instruction files verbatim, rejecting substrings and failures", () => {
    const b = startupSession();
    b.user("now work");
    const kept = b.user("later");
    const { summary, details } = render(b, {
      firstKeptEntryId: kept,
      contextFiles: [{ path: "AGENTS.md", content: "Guide: guide.md" }],
    });
    expect(details.keel.startupReads.closed).toBe(true);
    expect(details.keel.startupReads.reads.map((read) => read.path)).toEqual([
      "docs/SPEC.md",
      "notes/guide.md",
    ]);
    expect(summary).toContain(
      '<startup-read entry="00000004" path="docs/SPEC.md" offset="1" limit="50">\nSPEC BODY LINE\n\n[30 more lines in file. Use offset=51 to continue.]\n</startup-read>',
    );
    expect(summary).toContain("GUIDE BODY");
    expect(summary).not.toContain("OTHER BODY");
    expect(fileLine(summary, "docs/SPEC.md")).toBe("docs/SPEC.md (startup read retained in this checkpoint)");
  });

  it("leaves the selection open until the second user message, and never duplicates tail reads", () => {
    const b = startupSession();
    const inTail = render(b, { firstKeptEntryId: "00000002" });
    expect(inTail.details.keel.startupReads).toMatchObject({
      closed: false,
      reads: [expect.objectContaining({ path: "docs/SPEC.md" })],
    });
    expect(inTail.summary).not.toContain("<startup-reads");
    compactWithKeel(b, "00000002");
    b.user("second message");
    const kept = b.user("third");
    const later = render(b, { firstKeptEntryId: kept });
    expect(later.details.keel.startupReads.closed).toBe(true);
    expect(later.summary).toContain("SPEC BODY LINE");
    expect(later.reorientation).toContain("docs/SPEC.md");
  });
});
