// Loop brake: argv-aware fingerprints and streaks keyed to (command, working tree, failure digest).
import { describe, expect, it } from "vitest";
import {
  checkAttempt,
  emptyLoopState,
  type LoopState,
  openLoops,
  recordOutcome,
  recordRefusal,
} from "../../src/guard/loops/brake.ts";
import { digestFailureOutput } from "../../src/guard/loops/failure-digest.ts";
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

const T1 = "head1:tree1";
const T2 = "head1:tree2";
/** A failed run on `tree` (the tree is unchanged by the run) with the given output. */
const fail = (state: LoopState, command: string, tree: string | null, output = "1 failing: expected 3") =>
  recordOutcome(state, command, {
    succeeded: false,
    treeBefore: tree,
    treeAfter: tree,
    digest: digestFailureOutput(output),
  });
const pass = (state: LoopState, command: string) =>
  recordOutcome(state, command, { succeeded: true, treeBefore: null, treeAfter: null, digest: "" });

describe("brake keyed to the working tree", () => {
  it("refuses the third attempt after two identical failures on one tree, and says what unblocks it", () => {
    let state = emptyLoopState();
    expect(checkAttempt(state, "npm test", T1, 3).allow).toBe(true);
    state = fail(state, "npm test", T1);
    expect(checkAttempt(state, "npm  test", T1, 3).allow).toBe(true);
    state = fail(state, "npm  test", T1);
    const third = checkAttempt(state, "npm test", T1, 3);
    expect(third).toMatchObject({ allow: false, failures: 2, firstRefusal: true });
    expect(third.allow === false && third.message).toMatch(
      /^keel loop brake: this command failed 2 times in a row the same way on an unchanged working tree.*edit a file.*different command.*ask the user/,
    );
  });

  it("always allows a run after the tree changed, and a failure there starts a new streak", () => {
    // fail -> edit -> fail -> edit -> run: the retest after each fix is never refused.
    let state = fail(emptyLoopState(), "node --test", T1, "not ok 1 - money rounds");
    state = fail(state, "node --test", T1, "not ok 1 - money rounds");
    expect(checkAttempt(state, "node --test", T1, 3).allow).toBe(false);
    expect(checkAttempt(state, "node --test", T2, 3)).toMatchObject({ allow: true, failures: 0 });
    state = fail(state, "node --test", T2, "not ok 2 - tax");
    expect(openLoops(state)).toMatchObject([{ failures: 1, command: "node --test" }]);
    expect(checkAttempt(state, "node --test", T2, 3).allow).toBe(true);
  });

  it("a different failure on the same tree starts a new streak; timings and temp paths do not", () => {
    let state = fail(emptyLoopState(), "make", T1, "error: a.c:3 undefined x\nreal 0m1.204s\n/tmp/cc81Xa.o");
    state = fail(state, "make", T1, "error: a.c:3 undefined x\nreal 0m0.998s\n/tmp/ccQ2zz.o");
    expect(openLoops(state)[0]?.failures).toBe(2);
    state = fail(state, "make", T1, "error: linker cannot find -lssl");
    expect(openLoops(state)[0]?.failures).toBe(1);
  });

  it("counts a refusal so the user is told once per streak", () => {
    let state = fail(fail(emptyLoopState(), "make", T1), "make", T1);
    const first = checkAttempt(state, "make", T1, 3);
    expect(first).toMatchObject({ allow: false, firstRefusal: true });
    state = recordRefusal(state, first.fingerprint);
    expect(checkAttempt(state, "make", T1, 3)).toMatchObject({ allow: false, firstRefusal: false });
    expect(openLoops(state)[0]).toMatchObject({ refusals: 1 });
  });

  it("outside git (no tree state) keeps counting and says it cannot see edits", () => {
    const state = fail(fail(emptyLoopState(), "make", null), "make", null);
    const third = checkAttempt(state, "make", null, 3);
    expect(third.allow === false && third.message).toMatch(/cannot see file changes here \(no git\)/);
  });

  it("a success of that command clears its streak; other commands do not", () => {
    let state = fail(fail(emptyLoopState(), "make", T1), "make", T1);
    state = pass(state, "ls");
    expect(checkAttempt(state, "make", T1, 3).allow).toBe(false);
    state = pass(state, "make");
    expect(checkAttempt(state, "make", T1, 3)).toMatchObject({ allow: true, failures: 0 });
    expect(openLoops(state)).toEqual([]);
  });

  it("honours the threshold (N) and never blocks when it is 0", () => {
    let state = fail(emptyLoopState(), "a", T1);
    state = fail(fail(state, "b", T1), "b", T1);
    expect(openLoops(state).map((loop) => [loop.command, loop.failures])).toEqual([
      ["b", 2],
      ["a", 1],
    ]);
    expect(checkAttempt(state, "b", T1, 0).allow).toBe(true);
    expect(checkAttempt(state, "b", T1, 4).allow).toBe(true);
    expect(checkAttempt(state, "a", T1, 2).allow).toBe(false);
  });
});
