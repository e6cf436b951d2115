// A file today's pi writes (through its own SessionManager), downgraded to the formats pi once wrote: version 2
// (extension messages as `hookMessage`) and version 1 (no ids, compaction boundaries as line indexes). pi's loader
// and keel's reader must agree on every version, and `keel compact` must render the same checkpoint from each.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SessionManager } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { isolatedEnv, runKeel } from "../support/cli.ts";
import { expectReadLikePi } from "../support/pi-session-oracle.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("downgrade");
const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") });
const keel = (args: string[]) => runKeel(args, { cwd: root, env });

type Loose = Record<string, unknown>;
const usage = {
  input: 1,
  output: 1,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 2,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

/** A linear conversation written by pi: tool calls of every kind, custom messages, two compactions. */
function writeWithPi(): { path: string; users: string[] } {
  const dir = join(root, "pi-written");
  mkdirSync(dir);
  const pi = SessionManager.create("/srv/downgrade", dir);
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const users: string[] = [];
  const kept: string[] = [];
  for (let turn = 0; turn < 70; turn++) {
    const text = `Turn ${turn}: ${"please adjust the handler ".repeat(1 + Math.floor(random() * 4))}USER-${turn}${turn % 5 === 0 ? "\nsecond line" : ""}`;
    users.push(text);
    kept.push(pi.appendMessage({ role: "user", content: text, timestamp: turn }));
    const name = ["read", "write", "bash", "save_note"][turn % 4]!;
    const args: Loose =
      name === "bash"
        ? { command: `make test-${turn}` }
        : name === "read"
          ? { path: `/srv/downgrade/src/file-${turn}.ts` }
          : { path: `notes/n-${turn}.md`, content: `body ${turn}\n`.repeat(5) };
    const call = `call-${turn}`;
    pi.appendMessage({
      role: "assistant",
      content: [
        { type: "thinking", thinking: `THINKING-${turn}` },
        { type: "text", text: `Working on turn ${turn}.` },
        { type: "toolCall", id: call, name, arguments: args },
      ],
      api: "faux",
      provider: "faux",
      model: "faux-1",
      usage,
      stopReason: "toolUse",
      timestamp: turn,
    } as never);
    pi.appendMessage({
      role: "toolResult",
      toolCallId: call,
      toolName: name,
      content: [{ type: "text", text: `OUTPUT-${turn}` }],
      isError: turn % 9 === 0,
      timestamp: turn,
    } as never);
    if (turn % 6 === 0)
      pi.appendMessage({
        role: "custom",
        customType: "ext.note",
        content: `NOTE-${turn}`,
        display: true,
        timestamp: turn,
      } as never);
    if (turn === 30) pi.appendCompaction("first summary", kept[25]!, 9000);
    if (turn === 60) pi.appendCompaction("second summary", kept[55]!, 12000);
  }
  return { path: pi.getSessionFile()!, users };
}

/** The same conversation as an older pi would have written it. */
function downgrade(text: string, version: 1 | 2): string {
  const values = text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Loose);
  const indexOf = new Map(values.map((value, index) => [value.id, index]));
  let previous: unknown = null;
  return `${values
    .map((value) => {
      if (value.type === "session") return JSON.stringify({ ...value, version });
      const message = value.message as Loose | undefined;
      if (message?.role === "custom") value.message = { ...message, role: "hookMessage" };
      if (version === 2) return JSON.stringify(value);
      expect(value.parentId).toBe(previous); // only a linear file has a version-1 form
      previous = value.id;
      const { id: _id, parentId: _parent, firstKeptEntryId, ...rest } = value;
      if (value.type === "compaction") rest.firstKeptEntryIndex = indexOf.get(firstKeptEntryId);
      return JSON.stringify(rest);
    })
    .join("\n")}\n`;
}

describe("a file today's pi writes, in every older format", () => {
  it("is read like pi reads it, and compacts to the same checkpoint", async () => {
    const { path, users } = writeWithPi();
    const current = readFileSync(path, "utf8");
    const files: Record<string, string> = { v3: path };
    for (const version of [1, 2] as const) {
      files[`v${version}`] = join(root, `v${version}.jsonl`);
      writeFileSync(files[`v${version}`]!, downgrade(current, version));
    }
    for (const file of Object.values(files)) await expectReadLikePi(file, root);

    const rendered = Object.fromEntries(
      Object.entries(files).map(([version, file]) => {
        const run = keel(["compact", file, "--json"]);
        expect(run.status, run.stderr).toBe(0);
        return [version, JSON.parse(run.stdout)];
      }),
    );
    // Version 1 ids are line-<n>; the file has no blank lines, so entry i (after the header) is line i + 2.
    let expected: string = rendered.v3.summary;
    current
      .trim()
      .split("\n")
      .slice(1)
      .forEach((line, i) => {
        expected = expected.replaceAll(JSON.parse(line).id, `line-${i + 2}`);
      });
    expect(rendered.v1.summary).toBe(expected);
    expect(rendered.v2.summary).toBe(rendered.v3.summary);
    expect(rendered.v1.stats.compactedEntries).toBe(rendered.v3.stats.compactedEntries);
    expect(rendered.v1.stats.compactedEntries).toBeGreaterThan(90);
    // Every user message pi compacted the second time is in the checkpoint word for word.
    for (const text of users.slice(25, 55)) expect(rendered.v1.summary).toContain(`[User]: ${text}`);
    expect(rendered.v1.summary).not.toMatch(/THINKING-|OUTPUT-|NOTE-|body \d/);
  });
});
