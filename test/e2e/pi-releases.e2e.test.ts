// keel across pi releases: the same small scenario on the oldest supported releases and on the pinned one —
// install and doctor, a protected item through a verbatim compaction (no model call), keel_grep recovering
// compacted tool output, the destructive-command guard (and the session entry it keeps), and memory across two
// sessions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMORY_RULES } from "../support/faux-rules.ts";
import { OLDER_PI_RELEASES, PINNED_PI } from "../support/pi-releases.ts";
import type { PiRpc, SessionFileLine } from "../support/pi-rpc.ts";
import { createTempProject, type TempProject } from "../support/temp-project.ts";

const PAD = " This sentence pads the turn so that the small keep window leaves older turns to compact.";
const GOAL = "Keep the public Token type of src/lex.ts stable through the parser rewrite.";
const DESTRUCTIVE = "git push --force origin main";

type Line = SessionFileLine & {
  type: string;
  customType?: string;
  message?: { role?: string; toolName?: string; content?: unknown };
};
const textOf = (content: unknown) =>
  typeof content === "string"
    ? content
    : ((content as Array<{ text?: string }>) ?? []).map((p) => p.text ?? "").join("");
async function toolResults(pi: PiRpc, tool: string): Promise<string[]> {
  const lines = (await pi.readSessionEntries()) as Line[];
  return lines
    .filter((l) => l.type === "message" && l.message?.role === "toolResult" && l.message.toolName === tool)
    .map((l) => textOf(l.message?.content));
}

describe.each([...OLDER_PI_RELEASES, PINNED_PI])("keel on pi $version", (release) => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({ name: `pi-${release.version}`, piBin: release.bin });
    project.writeFauxScript({
      rules: [
        {
          on: "user",
          match: "^plant the evidence",
          toolCalls: [{ name: "bash", arguments: { command: "echo PLANTED-$((7000 + 731))" } }],
        },
        { on: "toolResult", match: "^bash\\n", reply: "The command ran." },
        {
          on: "user",
          match: "^grep for the plant",
          toolCalls: [{ name: "keel_grep", arguments: { pattern: "PLANTED-\\d+" } }],
        },
        {
          on: "user",
          match: "^force push",
          toolCalls: [{ name: "bash", arguments: { command: DESTRUCTIVE } }],
        },
        ...MEMORY_RULES,
      ],
    });
  });
  afterAll(() => project?.cleanup());

  it("install: keel install registers with this pi and doctor reports it supported", () => {
    const doctor = project.keel(["doctor", "--json"]);
    const report = JSON.parse(doctor.stdout) as {
      checks: Array<{ name: string; level: string; detail: string }>;
    };
    const byName = Object.fromEntries(report.checks.map((check) => [check.name, check]));
    expect(byName.pi).toMatchObject({
      level: "ok",
      detail: expect.stringContaining(`pi ${release.version}`),
    });
    expect(byName.registered?.level).toBe("ok");
    expect(byName.extension?.level).toBe("ok");
  });

  it("protect, compaction and lookup: the item survives a verbatim checkpoint and keel_grep finds old output", async () => {
    const pi = await project.startPi();
    try {
      const added = await pi.command(`/keel protect add token-type goal --critical ${GOAL}`);
      expect(added.notifications.map((n) => n.message).join("\n")).toContain("token-type");
      await pi.prompt(`plant the evidence for later.${PAD}`);
      await pi.prompt(`a second turn about the lexer.${PAD}`);
      await pi.prompt(`a third turn about the macro expander.${PAD}`);
      const mark = pi.records.length;
      const requestsBefore = project.fauxRequests().length;
      const compaction = await pi.compact();
      // No model request of any kind while keel compacts (pi 0.87.1 made one before keel's fix).
      expect(project.fauxRequests().slice(requestsBefore)).toEqual([]);
      expect(compaction.summary).toMatch(/^# keel checkpoint 1 \(verbatim, written without a model call\)/);
      expect(compaction.summary).toContain(GOAL);
      expect(project.fauxRequests().filter((request) => request.kind === "summary")).toEqual([]);

      await pi.prompt(`grep for the plant.${PAD}`);
      const notes = pi.notifications(mark).map((n) => n.message);
      expect(
        notes.filter((m) => m.startsWith("keel protect:") && /lost/.test(m) && !/0 lost/.test(m)),
      ).toEqual([]);
      const [grep] = (await toolResults(pi, "keel_grep")).map((text) => JSON.parse(text));
      expect(grep.matches[0]).toMatchObject({ text: expect.stringContaining("PLANTED-7731") });
    } finally {
      await pi.close();
    }
  });

  it("guard: asks before a destructive command and honours a refusal", async () => {
    const asked: string[] = [];
    const pi = await project.startPi({
      onDialog: (request) => {
        asked.push(String(request.title));
        return { confirmed: false };
      },
    });
    try {
      await pi.prompt(`force push the branch.${PAD}`);
      const [result] = await toolResults(pi, "bash");
      expect(result).toMatch(/The user declined a destructive command/);
      // The question and its answer are a session entry on every release (pi's appendEntry inside tool_call).
      const kept = (
        (await pi.readSessionEntries()) as Array<Line & { data?: Record<string, unknown> }>
      ).filter((l) => l.type === "custom" && l.customType === "keel.guard.destructive");
      expect(kept.map((l) => [l.data?.outcome, l.data?.command])).toEqual([["declined", DESTRUCTIVE]]);
    } finally {
      await pi.close();
    }
    expect(asked).toEqual(["keel: destructive command"]);
  });

  it("memory: a record from one session is found by the next", async () => {
    const first = await project.startPi();
    try {
      await first.prompt(`remember that the session store uses SQLite in WAL mode.${PAD}`);
      const [recorded] = await toolResults(first, "keel_memory");
      const envelope = JSON.parse(String(recorded).split("\n").slice(1).join("\n"));
      expect(envelope).toMatchObject({
        ok: true,
        action: "record",
        data: { record: { title: "the session store uses SQLite in WAL mode" } },
      });
    } finally {
      await first.close();
    }
    const second = await project.startPi();
    try {
      await second.prompt(`search memory for SQLite WAL.${PAD}`);
      const [found] = await toolResults(second, "keel_memory");
      expect(found).toContain("the session store uses SQLite in WAL mode");
    } finally {
      await second.close();
    }
  });
});
