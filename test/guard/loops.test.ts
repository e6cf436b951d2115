// Loop brake: argv-aware fingerprints and the block-on-third-attempt rule.
import { describe, expect, it } from "vitest";
import { checkAttempt, emptyLoopState, openLoops, recordOutcome } from "../../src/guard/loops/brake.ts";
import { commandFingerprint } from "../../src/guard/loops/fingerprint.ts";

describe("fingerprints", () => {
  it("ignore flag order, flag clustering, spacing between words, env prefixes and wrappers", () => {
    const same = [
      "pytest -x -q tests/a.py",
      "pytest -qx  tests/a.py",
      "CI=1 pytest -q -x tests/a.py",
      "nice pytest -x -q tests/a.py",
    ];
    expect(new Set(same.map(commandFingerprint)).size).toBe(1);
  });

  it("keep quoted text, operand order and different files apart", () => {
    expect(commandFingerprint('echo "a  b"')).not.toBe(commandFingerprint('echo "a b"'));
    expect(commandFingerprint("cp a b")).not.toBe(commandFingerprint("cp b a"));
    expect(commandFingerprint("pytest tests/a.py")).not.toBe(commandFingerprint("pytest tests/b.py"));
  });
});

describe("brake", () => {
  it("refuses the third attempt after two consecutive failures, with the count and a nudge", () => {
    let state = emptyLoopState();
    expect(checkAttempt(state, "npm test", 3).allow).toBe(true);
    state = recordOutcome(state, "npm test", false);
    expect(checkAttempt(state, "npm  test", 3).allow).toBe(true);
    state = recordOutcome(state, "npm  test", false);
    const third = checkAttempt(state, "npm test", 3);
    expect(third).toMatchObject({ allow: false, failures: 2 });
    expect(third.allow === false && third.message).toMatch(/failed 2 times in a row.*change the approach/);
  });

  it("a success of that command resets its streak; other commands do not", () => {
    let state = recordOutcome(recordOutcome(emptyLoopState(), "make", false), "make", false);
    state = recordOutcome(state, "ls", true);
    expect(checkAttempt(state, "make", 3).allow).toBe(false);
    state = recordOutcome(state, "make", true);
    expect(checkAttempt(state, "make", 3)).toMatchObject({ allow: true, failures: 0 });
    expect(openLoops(state)).toEqual([]);
  });

  it("lists open loops worst first and never blocks when disabled", () => {
    let state = recordOutcome(emptyLoopState(), "a", false);
    state = recordOutcome(recordOutcome(state, "b", false), "b", false);
    expect(openLoops(state).map((loop) => [loop.command, loop.failures])).toEqual([
      ["b", 2],
      ["a", 1],
    ]);
    expect(checkAttempt(state, "b", 0).allow).toBe(true);
  });
});
