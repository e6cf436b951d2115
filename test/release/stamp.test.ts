// findStamp reads a binary's build stamp by a byte search: the first flat {"mark":…} object, lookalikes skipped.
import { describe, expect, it } from "vitest";
import { findStamp } from "../../scripts/release/stamp.ts";
import { STAMP_MARK } from "../../src/core/build-info.ts";

const stamp = {
  version: "1.2.3",
  commit: "abc123def456",
  builtAt: "2026-12-02T00:00:00.000Z",
  target: "bun-linux-x64",
};
const stampText = (fields: object) => JSON.stringify({ mark: STAMP_MARK, ...fields });
const bytesOf = (...parts: Array<string | Uint8Array>) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

describe("findStamp", () => {
  it("finds the stamp among other bytes, however far in", () => {
    const noise = new Uint8Array(3_000_000).map((_, i) => (i * 7919) % 251);
    expect(findStamp(bytesOf(noise, stampText(stamp), noise))).toMatchObject(stamp);
  });

  it("skips an opening followed by a nested object and takes the next flat stamp", () => {
    const nested = `{"mark":"${STAMP_MARK}","inner":{"a":1}}`;
    expect(findStamp(bytesOf("xx", nested, "yy", stampText(stamp)))).toMatchObject(stamp);
  });

  it("takes the first stamp when there are two", () => {
    const other = { ...stamp, commit: "000000000000" };
    expect(findStamp(bytesOf(stampText(other), "--", stampText(stamp)))?.commit).toBe("000000000000");
  });

  it("answers undefined for no stamp, a cut-off stamp and a lookalike that is not JSON", () => {
    expect(findStamp(bytesOf("no stamp here"))).toBeUndefined();
    expect(findStamp(bytesOf(`{"mark":"${STAMP_MARK}","version":"1`))).toBeUndefined();
    expect(findStamp(bytesOf(`{"mark":"${STAMP_MARK}",version}`))).toBeUndefined();
  });

  it("reads a view into a larger buffer at its own offset", () => {
    const whole = bytesOf(stampText({ ...stamp, commit: "outside" }), "|", stampText(stamp));
    const at = whole.indexOf("|") + 1;
    expect(findStamp(whole.subarray(at))?.commit).toBe(stamp.commit);
  });
});
