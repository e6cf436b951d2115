// The pure rules behind versions meeting and the supported pi range: stamp parsing, staleness, the note's
// wording, and which pi versions doctor accepts.
import { describe, expect, it } from "vitest";
import { piSupport } from "../../src/install/pi-support.ts";
import { isStale, parseBinaryVersion, staleNote, stampOf } from "../../src/install/version-meet.ts";

describe("version meet", () => {
  const binary = { version: "0.2.0", commit: "bbbbbbbbbbbb", extensionSha256: "f".repeat(64) };

  it("reads a manifest's stamp and refuses one without version, commit or hash", () => {
    const keel = {
      version: "0.1.0",
      commit: "aaaaaaaaaaaa",
      bundleSha256: "e".repeat(64),
      binary: "/opt/keel",
    };
    expect(stampOf({ keel })).toEqual(keel);
    expect(stampOf({ keel: { ...keel, binary: undefined } })?.binary).toBeNull();
    expect(stampOf({ keel: { ...keel, commit: 7 } })).toBeUndefined();
    expect(stampOf({ name: "keel-pi-extension" })).toBeUndefined();
    expect(stampOf(undefined)).toBeUndefined();
  });

  it("parses --version --json and strips control characters from what it keeps", () => {
    expect(parseBinaryVersion(JSON.stringify({ ...binary, bun: "1.4.5" }))).toEqual(binary);
    expect(parseBinaryVersion("0.2.0")).toBeUndefined();
    expect(parseBinaryVersion(JSON.stringify({ version: "0.2.0\u001b[31m", commit: "x" }))?.version).toBe(
      "0.2.0 [31m",
    );
  });

  it("calls an extension stale only when the binary ships another bundle", () => {
    expect(isStale("f".repeat(64), binary)).toBe(false);
    expect(isStale("e".repeat(64), binary)).toBe(true);
    expect(isStale("e".repeat(64), { ...binary, extensionSha256: null })).toBe(false);
  });

  it("words the note for an older keel, another build of the same version, and an unstamped extension", () => {
    expect(staleNote({ version: "0.1.0", commit: "aaaaaaaaaaaa" }, binary)).toBe(
      "the pi extension is from an older keel, keel 0.1.0 (aaaaaaaaaaaa), not keel 0.2.0 (bbbbbbbbbbbb): run `keel install` to refresh it",
    );
    expect(staleNote({ version: "0.2.0", commit: "cccccccccccc" }, binary)).toContain(
      "from another keel build",
    );
    expect(staleNote({ version: "0.3.0", commit: "cccccccccccc" }, binary)).toContain(
      "from another keel build",
    );
    expect(staleNote(undefined, binary)).toBe(
      "the pi extension predates keel 0.2.0 (bbbbbbbbbbbb): run `keel install` to refresh it",
    );
  });
});

describe("supported pi range", () => {
  it("accepts 0.87.1 through 1.6.x and warns outside it", () => {
    for (const version of ["0.87.1", "1.0.3", "1.3.0", "1.6.0", "1.6.9"])
      expect(piSupport(version).level, version).toBe("ok");
    expect(piSupport("0.87.0")).toEqual({
      level: "warn",
      detail: "pi 0.87.0 is older than keel supports (0.87.1 to 1.6.x): update pi",
    });
    expect(piSupport("1.7.0")).toEqual({
      level: "warn",
      detail: "pi 1.7.0 is newer than keel has been tested with (0.87.1 to 1.6.x); it may work",
    });
    expect(piSupport("pi version unknown").level).toBe("warn");
  });
});
