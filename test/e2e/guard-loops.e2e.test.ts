// The loop brake in real work, in a real pi on the faux model: the fix-and-retest loop is never refused; the
// same failing command on an unchanged tree is refused at the threshold with one notification, the streak
// survives a pi restart (-c), and an edit unblocks it; the checkpoint and `keel extract` show the refused run
// as refused, not as an error. Also: three personal and two team rules all reach the agent's brief.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionFileLine } from "../support/pi-rpc.ts";
import { createTempProject, type TempProject } from "../support/temp-project.ts";

const CHECK = "node check.mjs";
const RETRY = "node check.mjs retry";

/** A test runner in miniature: fails on the first file not yet fixed, prints a changing duration. */
const CHECK_SCRIPT = `import { readFileSync } from "node:fs";
const prefix = process.argv[2] ? process.argv[2] + ": " : "";
for (const file of ["a.txt", "b.txt"]) {
  if (!readFileSync(file, "utf8").includes("fixed")) {
    console.log(prefix + "not ok: " + file);
    console.log("duration " + (Date.now() % 997) + "ms, pid " + process.pid);
    process.exit(1);
  }
}
console.log(prefix + "all ok");
`;

type Line = SessionFileLine & {
  type: string;
  summary?: string;
  message?: { role?: string; content?: unknown; toolName?: string; isError?: boolean };
};

const textOf = (content: unknown) =>
  typeof content === "string"
    ? content
    : (content as Array<{ text?: string }>).map((part) => part.text ?? "").join("");
const bashResults = (lines: Line[]) =>
  lines
    .filter((l) => l.type === "message" && l.message?.role === "toolResult" && l.message.toolName === "bash")
    .map((l) => textOf(l.message?.content));

function git(cwd: string, args: string[]): void {
  const run = spawnSync("git", args, { cwd, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
}

describe("the loop brake in a fix-and-retest session", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({ name: "loops-demo" });
    const dir = project.projectDir;
    writeFileSync(join(dir, "check.mjs"), CHECK_SCRIPT);
    writeFileSync(join(dir, "a.txt"), "broken\n");
    writeFileSync(join(dir, "b.txt"), "broken\n");
    writeFileSync(join(dir, ".gitignore"), ".pi/\n");
    git(dir, ["add", "-A"]);
    git(dir, ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "start"]);
    project.writeFauxScript({
      rules: [
        { on: "user", match: "^fix the tests", toolCalls: [{ name: "bash", arguments: { command: CHECK } }] },
        {
          on: "toolResult",
          match: "^bash\\nnot ok: ([ab])\\.txt",
          toolCalls: [{ name: "write", arguments: { path: "$1.txt", content: "fixed\n" } }],
        },
        {
          on: "toolResult",
          match: "^write\\nSuccessfully wrote to [ab]\\.txt",
          toolCalls: [{ name: "bash", arguments: { command: CHECK } }],
        },
        {
          on: "user",
          match: "^retry the check",
          toolCalls: [{ name: "bash", arguments: { command: RETRY } }],
        },
        {
          on: "user",
          match: "^fix a for the retry",
          toolCalls: [{ name: "write", arguments: { path: "./a.txt", content: "fixed\n" } }],
        },
        {
          on: "toolResult",
          match: "^write\\nSuccessfully wrote to \\./a\\.txt",
          toolCalls: [{ name: "bash", arguments: { command: RETRY } }],
        },
      ],
    });
  });
  afterAll(() => project?.cleanup());

  it("runs fail → edit → fail → edit → pass with no refusal", async () => {
    const pi = await project.startPi();
    try {
      const run = await pi.prompt("fix the tests please");
      const results = bashResults((await pi.readSessionEntries()) as Line[]);
      expect(results.map((r) => r.split("\n")[0])).toEqual(["not ok: a.txt", "not ok: b.txt", "all ok"]);
      expect(results.join("\n")).not.toMatch(/loop brake/);
      expect(run.notifications.filter((n) => /loop brake/.test(n.message))).toEqual([]);
    } finally {
      await pi.close();
    }
  });

  it("refuses the same failure on an unchanged tree once at the threshold, across a restart, until an edit", async () => {
    git(project.projectDir, ["checkout", "--", "a.txt", "b.txt"]);
    let pi = await project.startPi();
    try {
      await pi.prompt("retry the check, first time");
      await pi.prompt("retry the check, second time");
      expect(bashResults((await pi.readSessionEntries()) as Line[]).map((r) => r.split("\n")[0])).toEqual([
        "retry: not ok: a.txt",
        "retry: not ok: a.txt",
      ]);
    } finally {
      await pi.close();
    }

    // A pi restart in the same session file keeps the streak: the third identical attempt is refused.
    pi = await project.startPi({ extraArgs: ["-c"] });
    try {
      const third = await pi.prompt("retry the check, third time");
      const fourth = await pi.prompt("retry the check, fourth time");
      const told = [...third.notifications, ...fourth.notifications].filter((n) =>
        /loop brake/.test(n.message),
      );
      expect(told).toHaveLength(1);
      expect(told[0]?.message).toMatch(/refused `node check.mjs retry` after 2 identical failures/);
      const status = await pi.command("/keel");
      expect(status.notifications[0]?.message).toMatch(
        /loop brake: 2× failed {2}node check.mjs retry {2}refused 2× by the loop brake/,
      );

      await pi.prompt("fix a for the retry");
      const results = bashResults((await pi.readSessionEntries()) as Line[]);
      expect(results.map((r) => r.split("\n")[0])).toEqual([
        "retry: not ok: a.txt",
        "retry: not ok: a.txt",
        expect.stringMatching(/^keel loop brake: this command failed 2 times in a row the same way/),
        expect.stringMatching(/^keel loop brake: /),
        "retry: not ok: b.txt",
      ]);
      expect(results[2]).toMatch(/edit a file to fix the cause, run a different command.*or ask the user/);

      // The checkpoint shows the refused runs as refused, not as failed runs.
      await pi.compact();
      const lines = (await pi.readSessionEntries()) as Line[];
      const summary = lines.filter((l) => l.type === "compaction").at(-1)?.summary ?? "";
      const retries = summary.split("\n").filter((l) => l.includes(`bash(command="${RETRY}")`));
      expect(retries.map((l) => l.slice(l.lastIndexOf("["))).slice(0, 5)).toEqual([
        "[error]",
        "[error]",
        "[refused by keel: loop brake]",
        "[refused by keel: loop brake]",
        "[error]",
      ]);
    } finally {
      await pi.close();
    }

    // keel extract lists them apart and never as errors.
    const file = pi.sessionFile ?? "";
    const extract = project.keel(["extract", file, "--json"]);
    expect(extract.status, extract.stderr).toBe(0);
    const x = JSON.parse(extract.stdout) as {
      errors: Array<{ command: string }>;
      refused: Array<{ command: string; label: string }>;
    };
    expect(x.refused).toEqual([
      expect.objectContaining({ command: RETRY, label: "refused by keel: loop brake" }),
      expect.objectContaining({ command: RETRY, label: "refused by keel: loop brake" }),
    ]);
    expect(project.keel(["extract", file]).stdout).toContain(
      `Refused (never ran, not errors):\n  - ${RETRY} [refused by keel: loop brake]`,
    );

    // keel loops: the streak restarted after the edit (one failure, on the new tree), with no refusal yet.
    const loops = project.keel(["loops"]);
    expect(loops.stdout).toMatch(/^1× failed {2}node check.mjs retry {2}\(session [0-9a-f-]{8,}\)$/m);
  });
});

describe("a person's rules reach the agent", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({ name: "brief-demo" });
    const personal = join(project.root, "home", ".config", "keel");
    mkdirSync(personal, { recursive: true });
    const rule = (id: string, text: string) => ({ id, text });
    writeFileSync(
      join(personal, "contract.json"),
      JSON.stringify({
        rules: [
          rule(
            "me-british",
            "Write comments and messages in British English, with the Oxford comma avoided.",
          ),
          rule(
            "me-small-diffs",
            "Keep each change small enough to review in five minutes; split larger work.",
          ),
          rule("me-no-new-deps", "Do not add a dependency without asking me first, even a development one."),
        ],
      }),
    );
    mkdirSync(join(project.projectDir, ".keel"), { recursive: true });
    writeFileSync(
      join(project.projectDir, ".keel", "contract.json"),
      JSON.stringify({
        rules: [
          rule(
            "team-check",
            "Run npm run check before every commit and fix what it reports, never silence it.",
          ),
          rule("team-changelog", "Every user-visible change gets a CHANGELOG.md line in the same commit."),
        ],
      }),
    );
  });
  afterAll(() => project?.cleanup());

  it("puts all five in the brief the model receives, and keel budget says what was shortened", async () => {
    const pi = await project.startPi();
    try {
      await pi.prompt("hello there");
    } finally {
      await pi.close();
    }
    const brief = project
      .fauxRequests()
      .flatMap((r) => r.injected)
      .find((text) => text.startsWith("keel brief"));
    expect(brief).toBeDefined();
    for (const id of ["me-british", "me-small-diffs", "me-no-new-deps", "team-check", "team-changelog"])
      expect(brief).toMatch(new RegExp(`^- \\[${id}\\] \\S`, "m"));
    expect(brief).toContain("[k12-leave-a-trail] (seed rule: keel_check)");

    const budget = project.keel(["budget"]);
    expect(budget.status, budget.stderr).toBe(0);
    expect(budget.stdout).toMatch(
      /brief contract: \d+ seed rule\(s\) shortened to their ids: .*k12-leave-a-trail/,
    );
    expect(budget.stdout).toContain("people's rules come first");
    const list = project.keel(["contract", "list"]);
    expect(list.stdout).toMatch(/brief contract: \d+ seed rule\(s\) shortened/);
  });
});
