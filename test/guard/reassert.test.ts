// The guard brief re-asserted after a mid-run compaction: last on every request while it is set, nothing otherwise.
import { describe, expect, it } from "vitest";
import { BRIEF_TYPE, briefMessage, reassertBrief } from "../../src/guard/session/reassert.ts";

describe("brief re-assertion", () => {
  it("appends the brief as a hidden custom message, or leaves the request alone", () => {
    const messages = [{ role: "user", content: "go" }];
    expect(reassertBrief(messages, undefined, 1)).toBeUndefined();
    expect(reassertBrief(messages, "", 1)).toBeUndefined();
    expect(reassertBrief(messages, "BRIEF", 5)).toEqual([
      messages[0],
      {
        role: "custom",
        customType: BRIEF_TYPE,
        content: "BRIEF",
        display: false,
        details: undefined,
        timestamp: 5,
      },
    ]);
    expect(briefMessage("B")).toEqual({
      customType: BRIEF_TYPE,
      content: "B",
      display: false,
      details: undefined,
    });
  });
});
