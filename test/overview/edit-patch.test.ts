// An edit tool call as a unified diff: from the call's own old and new texts when pi recorded no patch (older pi,
// or a failed edit), from pi's recorded patch when there is one, bounded, and nothing for any other tool.
import { describe, expect, it } from "vitest";
import { readEditPatch } from "../../src/overview/edit-patch.ts";

const edit = (args: Record<string, unknown>) => ({ name: "edit", args });

describe("readEditPatch", () => {
  it("works out +/- lines and a hunk header from each replacement when pi recorded no patch", () => {
    const patch = readEditPatch(
      edit({
        path: "src/a.ts",
        edits: [{ oldText: "keep\nold line\nkeep too\n", newText: "keep\nnew line\nanother\nkeep too\n" }],
      }),
      undefined,
    );
    expect(patch).toMatchObject({
      path: "src/a.ts",
      source: "arguments",
      added: 2,
      removed: 1,
      omittedLines: 0,
    });
    expect(patch?.lines).toEqual([
      { kind: "hunk", text: "@@ -1,3 +1,4 @@" },
      { kind: "context", text: " keep" },
      { kind: "del", text: "-old line" },
      { kind: "add", text: "+new line" },
      { kind: "add", text: "+another" },
      { kind: "context", text: " keep too" },
    ]);
  });

  it("reads the older single oldText/newText form too", () => {
    const patch = readEditPatch(edit({ path: "b", oldText: "x", newText: "y" }), undefined);
    expect([patch?.added, patch?.removed]).toEqual([1, 1]);
  });

  it("prefers the patch pi recorded with the result, without its file headers", () => {
    const recorded = "--- src/a.ts\n+++ src/a.ts\n@@ -10,2 +10,2 @@\n context\n-was\n+is\n";
    const patch = readEditPatch(edit({ path: "src/a.ts", edits: [] }), { diff: "…", patch: recorded });
    expect(patch?.source).toBe("pi");
    expect(patch?.lines.map((l) => l.kind)).toEqual(["hunk", "context", "del", "add"]);
  });

  it("bounds a huge edit by lines and keeps the counts whole", () => {
    const many = Array.from({ length: 1_000 }, (_, i) => `line ${i}`).join("\n");
    const patch = readEditPatch(edit({ path: "big", edits: [{ oldText: "", newText: many }] }), undefined);
    expect(patch?.added).toBe(1_000);
    expect(patch?.lines.length).toBe(400);
    expect(patch?.omittedLines).toBeGreaterThan(600);
  });

  it("is null for other tools and for an edit without readable texts", () => {
    expect(readEditPatch({ name: "write", args: { path: "a", content: "x" } }, undefined)).toBeNull();
    expect(readEditPatch(edit({ path: "a", edits: [{ oldText: 1 }] }), undefined)).toBeNull();
  });
});
