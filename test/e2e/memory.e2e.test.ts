// Project memory in a real pi on the faux model: the agent records, searches, supersedes and reads memory
// across two sessions of one project; a worktree of the same repository shares it; another project never
// sees it; a keel compaction indexes its file lists as derived records; /keel memory answers the user.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKeel } from "../support/cli.ts";
import { MEMORY_RULES } from "../support/faux-rules.ts";
import { git } from "../support/git-repo.ts";
import type { PiRpc, SessionFileLine } from "../support/pi-rpc.ts";
import { createTempProject, type FauxScript, type TempProject } from "../support/temp-project.ts";

const PAD = " Extra words keep the turn long enough for the keep window to leave something to compact.";
const SCRIPT: FauxScript = {
  rules: [
    ...MEMORY_RULES,
    {
      on: "user",
      match: "^supersede (mem-[a-z0-9-]+) because (.+?)\\.",
      toolCalls: [
        {
          name: "keel_memory",
          arguments: {
            action: "record",
            record: { title: "$2", body: "$2", kind: "decision", category: "decision", supersedes: "$1" },
          },
        },
      ],
    },
    {
      on: "user",
      match: "^read memory (mem-[a-z0-9-]+)",
      toolCalls: [{ name: "keel_memory", arguments: { action: "read", id: "$1" } }],
    },
    { on: "user", match: "^open (\\S+)", toolCalls: [{ name: "read", arguments: { path: "$1" } }] },
  ],
};

type Line = SessionFileLine & {
  type: string;
  message?: { role?: string; toolName?: string; content?: unknown };
};
const textOf = (content: unknown) =>
  ((content as Array<{ text?: string }>) ?? []).map((p) => p.text ?? "").join("");

/** The JSON envelopes keel_memory returned in this session, oldest first. */
async function memoryResults(
  pi: PiRpc,
): Promise<Array<{ ok: boolean; action: string; data: Record<string, unknown> }>> {
  const lines = (await pi.readSessionEntries()) as Line[];
  return lines
    .filter(
      (l) => l.type === "message" && l.message?.role === "toolResult" && l.message.toolName === "keel_memory",
    )
    .map((l) => JSON.parse(textOf(l.message?.content).split("\n").slice(1).join("\n")));
}

const hitIds = (result: { data: Record<string, unknown> }) =>
  (result.data.results as Array<{ id: string }>).map((r) => r.id);

describe("project memory across sessions in a real pi", () => {
  let project: TempProject;
  let other: TempProject;
  let firstId = "";
  let secondId = "";

  beforeAll(() => {
    project = createTempProject({ name: "memory-demo" });
    other = createTempProject({ name: "memory-other" });
    project.writeFauxScript(SCRIPT);
    other.writeFauxScript(SCRIPT);
    git(
      project.projectDir,
      "-c",
      "user.name=k",
      "-c",
      "user.email=k@keel.invalid",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "base",
    );
  });
  afterAll(() => {
    project?.cleanup();
    other?.cleanup();
  });

  it("records in one session and finds it in the next, then supersedes and reads the chain", async () => {
    const first = await project.startPi();
    try {
      await first.prompt(`remember that the session store uses SQLite in WAL mode.${PAD}`);
      const [recorded] = await memoryResults(first);
      expect(recorded).toMatchObject({ ok: true, action: "record" });
      firstId = JSON.stringify(recorded).match(/mem-[a-z0-9-]+/)?.[0] ?? "";
      expect(firstId).not.toBe("");
    } finally {
      await first.close();
    }

    const second = await project.startPi();
    try {
      await second.prompt(`search memory for SQLite WAL store.${PAD}`);
      await second.prompt(
        `supersede ${firstId} because the session store moved to libSQL for team sharing.${PAD}`,
      );
      await second.prompt(`search memory for session store.${PAD}`);
      await second.prompt(`read memory ${firstId} please.${PAD}`);
      const [found, replaced, current, read] = await memoryResults(second);
      expect(hitIds(found!)[0]).toBe(firstId);
      secondId =
        JSON.stringify(replaced).match(new RegExp(`mem-(?!${firstId.slice(4)})[a-z0-9-]+`))?.[0] ?? "";
      expect(secondId).not.toBe("");
      expect(hitIds(current!)).toEqual([secondId]);
      expect(JSON.stringify(read)).toContain(secondId);
      expect(JSON.stringify(read)).toMatch(/superseded/);
    } finally {
      await second.close();
    }
  });

  it("a worktree of the same repository shares the memory; another project sees none of it", async () => {
    const worktree = join(project.root, "memory-demo-wt");
    git(project.projectDir, "worktree", "add", "-q", worktree);
    const install = runKeel(["install"], { cwd: worktree, env: project.env });
    expect(install.status, install.stderr).toBe(0);
    const inWorktree = await project.startPi({ cwd: worktree });
    try {
      await inWorktree.prompt(`search memory for session store libSQL.${PAD}`);
      const [found] = await memoryResults(inWorktree);
      expect(hitIds(found!)[0]).toBe(secondId);
    } finally {
      await inWorktree.close();
    }

    const elsewhere = await other.startPi();
    try {
      await elsewhere.prompt(`search memory for session store libSQL SQLite.${PAD}`);
      const [found] = await memoryResults(elsewhere);
      expect(hitIds(found!)).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it("indexes a keel compaction's file lists as derived records and answers /keel memory", async () => {
    const pi = await project.startPi();
    try {
      await pi.prompt(`open AGENTS.md now.${PAD}`);
      await pi.prompt(`and another turn after reading it.${PAD}`);
      await pi.compact();
      const status = await pi.command("/keel memory status");
      expect(status.notifications[0]?.message).toMatch(
        /records {5}2 \(0 pinned\), [1-9]\d* derived from compactions/,
      );
      const search = await pi.command("/keel memory search libSQL");
      expect(search.notifications[0]?.message).toContain(secondId);
    } finally {
      await pi.close();
    }
    const cli = project.keel(["memory", "search", "AGENTS.md", "--derived", "--json"]);
    expect(cli.status, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout).results.length).toBeGreaterThan(0);
  });
});
