// The one custom-entry finder and the one text-join helper of src/session.
import { describe, expect, it } from "vitest";
import { isCustomEntry, latestCustomEntry } from "../../src/session/custom-entries.ts";
import { textOf } from "../../src/session/entries.ts";

const custom = (customType: unknown, data?: unknown) => ({ type: "custom", customType, data });

describe("isCustomEntry", () => {
  it("matches only custom entries of the named type", () => {
    expect(isCustomEntry(custom("a", { x: 1 }), "a")).toBe(true);
    expect(isCustomEntry(custom("b"), "a")).toBe(false);
    expect(isCustomEntry({ type: "custom_message", customType: "a" }, "a")).toBe(false);
    expect(isCustomEntry({ type: "message", message: { role: "custom", customType: "a" } }, "a")).toBe(false);
  });
  it("tolerates junk", () => {
    for (const junk of [null, undefined, 3, "custom", [], custom(7)])
      expect(isCustomEntry(junk, "a")).toBe(false);
  });
});

describe("latestCustomEntry", () => {
  it("returns the last entry of the type, whatever its data", () => {
    const branch = [custom("a", 1), custom("b", 2), custom("a", null), { type: "message" }];
    expect(latestCustomEntry(branch, "a")).toBe(branch[2]);
    expect(latestCustomEntry(branch, "b")?.data).toBe(2);
    expect(latestCustomEntry(branch, "c")).toBeUndefined();
    expect(latestCustomEntry([], "a")).toBeUndefined();
  });
});

describe("textOf", () => {
  const content = [
    { type: "text", text: "one" },
    { type: "image", data: "AAAA", mimeType: "image/png" },
    { type: "text", text: 5 },
    null,
    { type: "text", text: "two" },
  ];
  it("joins text blocks with the separator, skipping anything else", () => {
    expect(textOf(content)).toBe("one\n\ntwo");
    expect(textOf(content, "\n")).toBe("one\ntwo");
    expect(textOf(content, "")).toBe("onetwo");
  });
  it("passes a string through and turns junk into nothing", () => {
    expect(textOf("plain", "")).toBe("plain");
    expect(textOf(undefined)).toBe("");
    expect(textOf({ type: "text", text: "x" })).toBe("");
    expect(textOf([])).toBe("");
  });
});
