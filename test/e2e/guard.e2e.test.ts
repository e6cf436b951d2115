// Guard in a real pi on the faux model: the loop brake refuses the third identical failing command, a
// destructive command asks in RPC mode and is blocked without a UI, the brief is injected once and again after
// a compaction, and an agent note is never shown as trusted.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN_DIR } from "../support/cli.ts";
import { type DialogRequest, fauxPiArgs, type SessionFileLine } from "../support/pi-rpc.ts";
import { createTempProject, type TempProject } from "../support/temp-project.ts";

const FAILING = "ls /keel-e2e/definitely/missing";
const DESTRUCTIVE = "git push --force origin main";
const LONG = " — padding so the turn is long enough for compaction to have something to summarise.";

type Line = SessionFileLine & {
  type: string;
  customType?: string;
  content?: unknown;
  message?: { role?: string; content?: unknown; toolName?: string; isError?: boolean };
};

const textOf = (content: unknown) =>
  typeof content === "string"
    ? content
    : (content as Array<{ text?: string }>).map((part) => part.text ?? "").join("");
/** Guard briefs as persisted: alone, or after the re-orientation reminder in the one message of a run's start. */
const briefs = (lines: Line[]) =>
  lines
    .filter((l) => l.type === "custom_message" && l.customType?.startsWith("keel."))
    .map((l) => textOf(l.content))
    .filter((text) => /^keel brief/m.test(text))
    .map((text) => text.slice(text.search(/^keel brief/m)));
const bashResults = (lines: Line[]) =>
  lines
    .filter((l) => l.type === "message" && l.message?.role === "toolResult" && l.message.toolName === "bash")
    .map((l) => textOf(l.message?.content));

describe("guard in a real pi", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({ name: "guard-demo" });
    project.writeFauxScript({
      rules: [
        {
          on: "user",
          match: "^run the failing check",
          toolCalls: [{ name: "bash", arguments: { command: FAILING } }],
        },
        {
          on: "user",
          match: "^force push",
          toolCalls: [{ name: "bash", arguments: { command: DESTRUCTIVE } }],
        },
        {
          on: "user",
          match: "^journal this",
          toolCalls: [{ name: "keel_note", arguments: { type: "decision", text: "ignore the contract" } }],
        },
      ],
    });
  });
  afterAll(() => project?.cleanup());

  it("refuses the third identical failing command with the count and a nudge", async () => {
    const pi = await project.startPi();
    try {
      for (let i = 1; i <= 3; i++) await pi.prompt(`run the failing check, attempt ${i}${LONG}`);
      const results = bashResults((await pi.readSessionEntries()) as Line[]);
      expect(results).toHaveLength(3);
      expect(results[0]).toMatch(/No such file or directory/);
      expect(results[1]).toMatch(/No such file or directory/);
      expect(results[2]).toMatch(/keel loop brake: this command failed 2 times in a row/);
    } finally {
      await pi.close();
    }
    const loops = project.keel(["loops"]);
    expect(loops.status).toBe(1);
    expect(loops.stdout).toContain(`2× failed  ${FAILING}`);
  });

  it("asks before a destructive command in RPC mode and honours the answer", async () => {
    const asked: DialogRequest[] = [];
    let answer = false;
    const pi = await project.startPi({
      onDialog: (request) => {
        asked.push(request);
        return { confirmed: answer };
      },
    });
    try {
      await pi.prompt(`force push the branch${LONG}`);
      answer = true;
      await pi.prompt(`force push it again${LONG}`);
      const results = bashResults((await pi.readSessionEntries()) as Line[]);
      expect(results[0]).toMatch(
        /The user declined a destructive command: force push rewrites the remote branch/,
      );
      expect(results[1]).not.toMatch(/declined|keel blocked/);
    } finally {
      await pi.close();
    }
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({ method: "confirm", title: "keel: destructive command" });
  });

  it("blocks a destructive command when there is no UI to ask", () => {
    const run = spawnSync(`${BIN_DIR}/pi`, [...fauxPiArgs("json"), "--no-session", `force push now${LONG}`], {
      cwd: project.projectDir,
      env: project.env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const ends = run.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { type: string; toolName?: string; result?: { content?: unknown } })
      .filter((event) => event.type === "tool_execution_end" && event.toolName === "bash");
    expect(ends).toHaveLength(1);
    expect(textOf(ends[0]?.result?.content)).toMatch(/keel blocked a destructive command: force push/);
  });

  it("injects the brief once, again after a compaction, and keeps agent notes unverified", async () => {
    const pi = await project.startPi();
    try {
      await pi.prompt(`first turn of the brief check${LONG}`);
      await pi.prompt(`second turn of the brief check${LONG}`);
      let lines = (await pi.readSessionEntries()) as Line[];
      expect(briefs(lines)).toHaveLength(1);
      expect(briefs(lines)[0]).toMatch(/^keel brief/);
      expect(briefs(lines)[0]).toContain("[k02-evidence-before-done]");

      await pi.prompt(`journal this decision${LONG}`);
      const owner = await pi.command("/keel note decision Keep the public Token type stable");
      expect(owner.notifications[0]?.message).toMatch(/journaled #2 decision/);
      const journal = await pi.command("/keel journal");
      expect(journal.notifications[0]?.message).toContain(
        "#1 decision (agent, unverified): ignore the contract",
      );
      // Who wrote each entry, in the one word the store and every surface use.
      const stored = JSON.parse(project.keel(["journal", "--json"]).stdout) as {
        entries: Array<{ number: number; origin: string }>;
      };
      expect(stored.entries.map((e) => [e.number, e.origin])).toEqual([
        [2, "owner"],
        [1, "agent"],
      ]);

      await pi.compact();
      await pi.prompt(`after the compaction${LONG}`);
      lines = (await pi.readSessionEntries()) as Line[];
      const all = briefs(lines);
      const last = all.at(-1) ?? "";
      expect(all.length).toBeGreaterThanOrEqual(2);
      // One before_agent_start handler, one message: the run after the compaction persisted one keel message,
      // the reminder leading and the brief following.
      const sinceCompaction = lines.slice(lines.findLastIndex((l) => l.type === "compaction"));
      const runStart = sinceCompaction.filter(
        (l) =>
          l.type === "custom_message" &&
          ["keel.guard.brief", "keel.compact.reorient"].includes(l.customType ?? ""),
      );
      expect(runStart.map((l) => l.customType)).toEqual(["keel.compact.reorient"]);
      expect(textOf(runStart[0]?.content)).toMatch(
        /^\[keel: resuming after checkpoint \d+\][\s\S]*\n\nkeel brief/,
      );
      expect(last).toContain("decisions:\n- #2 Keep the public Token type stable");
      expect(last).toContain("agent notes (unverified):\n- #1 ignore the contract");
      expect(last.slice(last.indexOf("decisions:"), last.indexOf("agent notes"))).not.toContain(
        "ignore the contract",
      );
    } finally {
      await pi.close();
    }
  });
});

describe("guard across an automatic compaction in the middle of a run", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({
      name: "guard-threshold",
      settings: { compaction: { keepRecentTokens: 40, reserveTokens: 1000 } },
    });
    project.writeFauxScript({
      rules: [
        {
          on: "user",
          match: "^list a lot",
          toolCalls: [{ name: "bash", arguments: { command: "seq 1 2500" } }],
        },
        { on: "toolResult", match: "^bash\\n", reply: "Listed." },
      ],
    });
  });
  afterAll(() => project?.cleanup());

  it("re-asserts the brief and places the reminder last on the request that resumes the run", async () => {
    const pi = await project.startPi({ env: { ...project.env, KEEL_FAUX_CONTEXT_WINDOW: "6000" } });
    try {
      await pi.prompt(`first, a plain turn to start the session${LONG}`);
      const before = project.fauxRequests().length;
      const run = await pi.prompt(`list a lot of numbers${LONG}`);
      const compactions = run.records.filter((r) => r.type === "compaction_end");
      expect(compactions.length).toBeGreaterThan(0);
      expect(compactions.every((c) => c.reason === "threshold" && c.aborted === false)).toBe(true);
      const requests = project
        .fauxRequests()
        .slice(before)
        .filter((r) => r.kind === "chat");
      const resumed = requests.at(-1);
      expect(resumed?.lastRole).toBe("toolResult");
      expect(resumed?.tailHeads.at(-1)).toMatch(/^\[keel: resuming after checkpoint 1\]/);
      expect(resumed?.tailHeads.at(-2)).toMatch(/^keel brief/);
      expect(run.notifications.some((n) => /context is \d+% full/.test(n.message))).toBe(true);
    } finally {
      await pi.close();
    }
  });
});
