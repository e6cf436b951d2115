// The screen judged with the project in view, in a real pi on the faux model: in a git repository whose
// .gitignore lists build/, pi's bash `rm -rf build` runs without a question, and `rm -rf src` while src/ holds
// uncommitted changes is an extension confirm (RPC mode); declining it leaves src/ in place.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initRepo } from "../support/git-repo.ts";
import type { DialogRequest, SessionFileLine } from "../support/pi-rpc.ts";
import { createTempProject, type TempProject } from "../support/temp-project.ts";

const LONG = " — padding so the turn reads like a real request from a user to the agent.";

type Line = SessionFileLine & {
  type: string;
  message?: { role?: string; content?: unknown; toolName?: string };
};

const bashResults = (lines: Line[]) =>
  lines
    .filter((l) => l.type === "message" && l.message?.role === "toolResult" && l.message.toolName === "bash")
    .map((l) =>
      ((l.message?.content ?? []) as Array<{ text?: string }>).map((part) => part.text ?? "").join(""),
    );

describe("screen with the project in view, in a real pi", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({ name: "screen-project" });
    const dir = project.projectDir;
    initRepo(dir, { ".gitignore": "build/\n", "src/app.ts": "export const a = 1;\n" });
    writeFileSync(join(dir, "src/app.ts"), "export const a = 2; // not committed yet\n");
    mkdirSync(join(dir, "build"), { recursive: true });
    writeFileSync(join(dir, "build/app.js"), "exports.a = 2;\n");
    project.writeFauxScript({
      rules: [
        {
          on: "user",
          match: "^clean the build",
          toolCalls: [{ name: "bash", arguments: { command: "rm -rf build" } }],
        },
        {
          on: "user",
          match: "^delete the sources",
          toolCalls: [{ name: "bash", arguments: { command: "rm -rf src" } }],
        },
      ],
    });
  });
  afterAll(() => project?.cleanup());

  it("runs rm -rf of an ignored build folder and asks before rm -rf of uncommitted sources", async () => {
    const asked: DialogRequest[] = [];
    const pi = await project.startPi({
      // Several suites share this machine's cores; pi's start has taken over a minute under that load.
      runTimeoutMs: 180_000,
      commandTimeoutMs: 180_000,
      onDialog: (request) => {
        asked.push(request);
        return { confirmed: false };
      },
    });
    try {
      await pi.prompt(`clean the build output${LONG}`);
      expect(existsSync(join(project.projectDir, "build"))).toBe(false);
      expect(asked).toHaveLength(0);
      await pi.prompt(`delete the sources${LONG}`);
      const results = bashResults((await pi.readSessionEntries()) as Line[]);
      expect(results).toHaveLength(2);
      expect(results[0]).not.toMatch(/keel|declined/);
      expect(results[1]).toMatch(/The user declined a destructive command: recursive delete of src/);
    } finally {
      await pi.close();
    }
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ method: "confirm", title: "keel: destructive command" });
    expect(existsSync(join(project.projectDir, "src/app.ts"))).toBe(true);
  }, 600_000);
});
