// Deterministic extraction: file semantics from tool args and shell words, errors by status with resolution,
// rules vs hard negatives, decisions, goal, recaps, and the `keel extract --json` shape on a real session.
import { describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../../scripts/fixtures/session-builder.ts";
import { classifySentence, extractBranch, sentencesOf } from "../../../src/compact/verified/extract/index.ts";
import { shellFileOps } from "../../../src/compact/verified/extract/shell-files.ts";
import { runKeel } from "../../support/cli.ts";
import { branchOf } from "../scenario.ts";

const CWD = "/home/dev/proj";
const classes = (text: string) => sentencesOf(text).map((s) => classifySentence(s).kind);

describe("shell file operations", () => {
  it("reads rm, git rm, mv, git mv, cp, sed -i, redirects, tee, touch, truncate and unlink as words", () => {
    const ops = (line: string) => shellFileOps(line, CWD).map((o) => `${o.op}:${o.path}`);
    expect(ops("rm -f a.txt b.txt")).toEqual(["delete:a.txt", "delete:b.txt"]);
    expect(ops("git rm -q old.ts && git rm --cached kept.ts")).toEqual(["delete:old.ts"]);
    expect(ops("mv src/a.ts src/b.ts")).toEqual(["delete:src/a.ts", "modify:src/b.ts"]);
    expect(ops("git mv a.md docs/")).toEqual(["delete:a.md", "modify:docs/a.md"]);
    expect(ops("cp config/dev.json /home/dev/proj/config/test.json")).toEqual(["modify:config/test.json"]);
    expect(ops("sed -i 's/a/b/' x.txt y.txt")).toEqual(["modify:x.txt", "modify:y.txt"]);
    expect(ops("echo hi > out.log 2>/dev/null && echo more >> out.log")).toEqual([
      "modify:out.log",
      "modify:out.log",
    ]);
    expect(ops("node -v | tee v.txt; touch stamp; truncate -s 0 log.txt; unlink run.lock")).toEqual([
      "modify:v.txt",
      "modify:stamp",
      "modify:log.txt",
      "delete:run.lock",
    ]);
    expect(ops("cd out && rm report.txt")).toEqual(["delete:out/report.txt"]);
    expect(ops("cat > notes.md <<'EOF'\nrm -rf everything\nEOF")).toEqual(["modify:notes.md"]);
    expect(ops("echo 'rm -rf x' # rm y")).toEqual([]);
  });
});

describe("extractBranch", () => {
  it("keeps end-of-session file state and resolves errors by status, not by words", () => {
    const b = createSessionBuilder({ cwd: CWD });
    b.user("Set up the draft and check it.");
    const w = b.assistant({ calls: [{ name: "write", args: { path: `${CWD}/draft.md`, content: "x" } }] });
    b.toolResult(w.callIds[0]!, "write", "ok");
    const t = b.assistant({ calls: [{ name: "bash", args: { command: "npm test" } }] });
    b.toolResult(t.callIds[0]!, "bash", "FAIL parser\n\nCommand exited with code 1", { isError: true });
    const e = b.assistant({
      calls: [{ name: "bash", args: { command: "echo ERROR: sample; rm draft.md" } }],
    });
    b.toolResult(e.callIds[0]!, "bash", "ERROR: sample");
    const f = b.assistant({
      calls: [{ name: "edit", args: { path: "src/p.ts", edits: [{ oldText: "a", newText: "b" }] } }],
    });
    b.toolResult(f.callIds[0]!, "edit", "Successfully replaced");
    const t2 = b.assistant({
      calls: [{ name: "bash", args: { command: `cd ${CWD} && npm  test 2>&1 | tail -20` } }],
    });
    b.toolResult(t2.callIds[0]!, "bash", "ok");
    const r = b.assistant({ calls: [{ name: "read", args: { path: "missing.md" } }] });
    b.toolResult(r.callIds[0]!, "read", "ENOENT", { isError: true });
    const x = extractBranch(branchOf(b), { cwd: CWD });
    expect(x.files).toEqual({ read: [], modified: ["src/p.ts"], deleted: ["draft.md"] });
    expect(x.errors.map((err) => [err.command, err.resolved])).toEqual([
      ["npm test", true],
      ["read missing.md", false],
    ]);
    expect(x.openLoops.map((l) => l.text)).toEqual(["unresolved error: read missing.md"]);
  });

  it("mines rules and decisions from user messages only, skips negatives, and follows the goal", () => {
    const b = createSessionBuilder({ cwd: CWD });
    b.user("Add CSV export to the report command. Never write to stdout from library code.");
    b.assistant({ text: "Decision: we use a streaming writer. Always test first." });
    b.user("Decision: exports use RFC 4180 quoting. Should we never buffer? I always forget the flag.");
    b.compaction("## Constraints\n- Never use semicolons.", b.entries.at(-1)!.id, {
      keel: { strategy: "verified" },
    });
    b.user("Thanks, looks good!");
    const x = extractBranch(branchOf(b), { cwd: CWD });
    expect(x.constraints.map((c) => c.text)).toEqual(["Never write to stdout from library code."]);
    expect(x.decisions.map((d) => d.text)).toEqual(["Decision: exports use RFC 4180 quoting."]);
    expect(x.goal).toBe("Add CSV export to the report command.");
    expect(x.recaps).toEqual([expect.objectContaining({ source: "keel:verified" })]);
  });
});

describe("patch tools", () => {
  it("reads the files a patch adds, updates, moves and deletes", () => {
    const b = createSessionBuilder({ cwd: CWD });
    b.user("Apply the patch.");
    const patch =
      "*** Begin Patch\n*** Add File: src/new.ts\n+x\n*** Update File: src/a.ts\n*** Move to: src/b.ts\n*** Delete File: old.ts\n*** End Patch";
    const p = b.assistant({ calls: [{ name: "apply_patch", args: { input: patch } }] });
    b.toolResult(p.callIds[0]!, "apply_patch", "Done");
    expect(extractBranch(branchOf(b), { cwd: CWD }).files).toEqual({
      read: [],
      modified: ["src/new.ts", "src/b.ts"],
      deleted: ["src/a.ts", "old.ts"],
    });
  });
});

describe("classifySentence", () => {
  it("tells rules from hard negatives", () => {
    expect(
      classes("Keep functions under 40 lines. Use pnpm for everything in this repo. No emojis in commits."),
    ).toEqual(["constraint", "constraint", "constraint"]);
    expect(classes("I prefer small commits.")).toEqual(["preference"]);
    expect(
      classes(
        "Should we never cache it? If we had to ship today, we would never test. I never remember the flag.",
      ),
    ).toEqual(["negative", "negative", "negative"]);
    expect(classes('The CI log says "never run as root". This must be a caching issue.')).toEqual([
      "negative",
      "negative",
    ]);
    expect(
      classes("Here is the linter output:\nsrc/a.ts:1:1  error  Do not use any  no-explicit-any"),
    ).toEqual(["negative"]);
    expect(classes("We're going with Vitest over Jest. We haven't decided on the queue yet.")).toEqual([
      "decision",
      "negative",
    ]);
    expect(classes("Hi there! Carry on.")).toEqual(["ack", "ack"]);
    expect(
      classes("From now on, reply in English. Stick to the standard library. Use 2 spaces, not tabs."),
    ).toEqual(["constraint", "constraint", "constraint"]);
    expect(
      classes("The README says to always use Node 22. In the old codebase we never wrote tests."),
    ).toEqual(["negative", "negative"]);
    expect(
      classes("I must admit it is clean. That should never happen. Let me know if we should keep both."),
    ).toEqual(["negative", "negative", "request"]);
    expect(classes("We went with Redis for the queue. We decided nothing yet.")).toEqual([
      "decision",
      "negative",
    ]);
  });
});

describe("keel extract", () => {
  it("prints one JSON document of the documented shape, and exit 2 for a missing file", () => {
    const file = "test/fixtures/extract-corpus/session-01.jsonl";
    const run = runKeel(["extract", file, "--json"], { cwd: process.cwd(), env: process.env });
    expect(run.status).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(Object.keys(doc)).toEqual(
      expect.arrayContaining(["goal", "constraints", "decisions", "files", "errors", "openLoops"]),
    );
    expect(Object.keys(doc.files)).toEqual(["read", "modified", "deleted"]);
    expect(doc.errors[0]).toEqual(
      expect.objectContaining({ command: expect.any(String), resolved: expect.any(Boolean) }),
    );
    expect(doc.constraints[0]).toEqual(expect.objectContaining({ text: expect.any(String) }));
    const missing = runKeel(["extract", "nope.jsonl"], { cwd: process.cwd(), env: process.env });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("nope.jsonl does not exist");
  });
});
