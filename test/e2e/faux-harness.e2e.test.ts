// The e2e harness itself, on plain pi (keel not installed): scripted faux replies and tool calls, a planted
// summary, the request log that later tests use to count model calls and summarizer input tokens.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempProject, type TempProject } from "../support/temp-project.ts";

describe("faux provider harness in a real pi", () => {
  let project: TempProject;

  beforeAll(() => {
    project = createTempProject({ name: "harness-demo", install: false });
    writeFileSync(
      join(project.projectDir, "notes.txt"),
      "The deploy key lives in the team vault, not in CI.\n",
    );
  });

  afterAll(() => project?.cleanup());

  it("follows scripted rules, runs real tools, plants the summary and logs every request", async () => {
    project.writeFauxScript({
      rules: [
        {
          match: "^read (\\S+)$",
          reply: "Reading $1.",
          toolCalls: [{ name: "read", arguments: { path: "$1" } }],
        },
        { match: "^ping$", reply: "pong once", times: 1 },
        {
          on: "summary",
          match: "deploy key",
          reply: "## Goal\nFAUX-SUMMARY planted: the deploy key is in the vault",
        },
      ],
    });
    const pi = await project.startPi();
    try {
      const read = await pi.prompt("read notes.txt");
      expect(read.records).toContainEqual(
        expect.objectContaining({
          type: "tool_execution_start",
          toolName: "read",
          args: { path: "notes.txt" },
        }),
      );
      expect(read.records).toContainEqual(
        expect.objectContaining({ type: "tool_execution_end", toolName: "read", isError: false }),
      );
      expect(read.assistantText).toMatch(/^Tool read said: .*deploy key lives in the team vault/);

      expect((await pi.prompt("ping")).assistantText).toBe("pong once");
      expect((await pi.prompt("ping")).assistantText).toBe("echo: ping");
      await pi.prompt(
        "Now write a long explanation of why secrets never belong in CI variables or logs at all.",
      );

      const result = await pi.compact();
      // pi appends the files the summarized turns touched.
      expect(result.summary).toBe(
        "## Goal\nFAUX-SUMMARY planted: the deploy key is in the vault\n\n<read-files>\nnotes.txt\n</read-files>",
      );

      const requests = project.fauxRequests();
      const summaries = requests.filter((r) => r.kind === "summary");
      expect(summaries).toHaveLength(1);
      expect(summaries[0]).toMatchObject({ variant: "initial", rule: 2 });
      expect(summaries[0]?.inputTokens).toBe(result.usage?.input);
      // read → tool call + answer to the tool result, then one request per remaining prompt.
      expect(requests.filter((r) => r.kind === "chat")).toHaveLength(5);
      expect(requests.map((r) => r.seq)).toEqual(requests.map((_r, i) => i + 1));
    } finally {
      await pi.close();
    }
    expect(pi.eventsOfType("extension_error")).toEqual([]);
  });

  it("a scripted provider error ends the run without hanging the harness", async () => {
    project.writeFauxScript({ rules: [{ match: "^explode$", error: "faux boom", times: 1 }] });
    const pi = await project.startPi();
    try {
      const run = await pi.prompt("explode");
      const end = run.records.find((r) => r.type === "message_end" && hasRole(r.message, "assistant"));
      expect(end?.message).toMatchObject({ stopReason: "error", errorMessage: "faux boom" });
      expect((await pi.prompt("still alive?")).assistantText).toBe("echo: still alive?");
      // A non-retryable provider error is not retried: one request per prompt in this pi process.
      const mine = project.fauxRequests().filter((r) => r.pid === pi.pid);
      expect(mine.map((r) => [r.stopReason, r.rule])).toEqual([
        ["error", 0],
        ["stop", null],
      ]);
    } finally {
      await pi.close();
    }
  });
});

function hasRole(message: unknown, role: string): boolean {
  return (message as { role?: string } | undefined)?.role === role;
}
