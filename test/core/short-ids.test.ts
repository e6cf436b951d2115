// Session ids people can tell apart: unique abbreviations like git's, never two sessions under one id.
import { describe, expect, it } from "vitest";
import { abbreviateIds, createIdAbbreviator } from "../../src/core/short-ids.ts";

describe("abbreviateIds", () => {
  it("keeps ids that share their first eight characters apart, and the rest at eight", () => {
    // pi's session ids are time-ordered (UUIDv7): sessions started close together share a long prefix.
    const ids = [
      "019ad3f2-6b1c-7c3e-9a51-0c0d1e2f3a4b",
      "019ad3f2-6b9e-70aa-8e11-aabbccddeeff",
      "7f3a9c21-0000-4000-8000-000000000000",
    ];
    const short = abbreviateIds(ids);
    expect([...short.values()]).toEqual(["019ad3f2-6b1", "019ad3f2-6b9", "7f3a9c21"]);
    expect(new Set(short.values()).size).toBe(3);
  });

  it("shows a whole id that is a prefix of another, ignores duplicates and falls back for unknown ids", () => {
    const short = createIdAbbreviator(["abc", "abcdef", "abc"], 2);
    expect(short("abc")).toBe("abc");
    expect(short("abcdef")).toBe("abcd");
    expect(short("zzzzzzzzzz")).toBe("zz");
  });
});
