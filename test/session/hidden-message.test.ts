// joinHiddenMessages: the one message keel's one before_agent_start handler returns.
import { describe, expect, it } from "vitest";
import { hiddenMessage, joinHiddenMessages } from "../../src/session/hidden-message.ts";

describe("joinHiddenMessages", () => {
  const reminder = hiddenMessage("keel.compact.reorient", "[keel: resuming]", { compactionId: "c1" });
  const brief = hiddenMessage("keel.guard.brief", "keel brief (advisory)", undefined);

  it("names the message after the first part present and joins the texts in order", () => {
    expect(joinHiddenMessages([reminder, brief])).toEqual({
      customType: "keel.compact.reorient",
      content: "[keel: resuming]\n\nkeel brief (advisory)",
      display: false,
      details: { compactionId: "c1" },
    });
    expect(joinHiddenMessages([undefined, brief])).toEqual(brief);
  });

  it("is no message when no part is present", () => {
    expect(joinHiddenMessages([undefined, undefined])).toBeUndefined();
  });
});
