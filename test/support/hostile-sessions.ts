// Hostile pi session files for hardening tests: deep nesting, huge entries, wrong field types, terminal escapes.
// Each builder writes a file and returns its path.
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const HEADER = {
  type: "session",
  version: 3,
  id: "11111111-1111-4111-8111-111111111111",
  timestamp: "2026-02-01T10:00:00.000Z",
  cwd: "/work/app",
};
const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const user = (id: string, parentId: string | null, content: string) =>
  line({
    type: "message",
    id,
    parentId,
    timestamp: "2026-02-01T10:00:01.000Z",
    message: { role: "user", content, timestamp: 1 },
  });

const assistant = (id: string, parentId: string, text: string) =>
  line({
    type: "message",
    id,
    parentId,
    timestamp: "2026-02-01T10:00:03.000Z",
    message: { role: "assistant", content: [{ type: "text", text }], timestamp: 3 },
  });

/** Two more turns after `parentId`, so a checkpoint has something before its kept tail to compact. */
const laterTurns = (parentId: string) =>
  assistant("b0000001", parentId, "done") +
  user("b0000002", "b0000001", "next") +
  assistant("b0000003", "b0000002", "ok") +
  user("b0000004", "b0000003", "and then") +
  assistant("b0000005", "b0000004", "fine");

/** An assistant tool call whose arguments nest `depth` levels deep (written without JSON.stringify). */
export function deepArgumentsSession(dir: string, depth: number): string {
  const args = `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const call = `{"type":"message","id":"a0000002","parentId":"a0000001","timestamp":"2026-02-01T10:00:02.000Z","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"bash","arguments":{"deep":${args}}}],"timestamp":2}}\n`;
  const path = join(dir, `deep-${depth}.jsonl`);
  writeFileSync(path, line(HEADER) + user("a0000001", null, "start") + call + laterTurns("a0000002"));
  return path;
}

/** One user entry with `lines` lines of text. */
export function manyLinesSession(dir: string, lines: number): string {
  const path = join(dir, `lines-${lines}.jsonl`);
  writeFileSync(path, line(HEADER) + user("a0000001", null, "x\n".repeat(lines)) + laterTurns("a0000001"));
  return path;
}

/** A header whose fields have the wrong types, then one ordinary entry. */
export function badHeaderSession(dir: string, header: Record<string, unknown>): string {
  const path = join(dir, `bad-header-${Object.keys(header).join("-")}.jsonl`);
  writeFileSync(
    path,
    line({ ...HEADER, ...header }) + user("a0000001", null, "hello") + laterTurns("a0000001"),
  );
  return path;
}

/** Entries carrying terminal control sequences in ids, text and tool names. */
export function escapeSession(dir: string): string {
  const evil = "\u001b]0;pwned\u0007\u001b[2J";
  const path = join(dir, "escapes.jsonl");
  writeFileSync(
    path,
    line({ ...HEADER, cwd: `/work/${evil}` }) +
      user("a0000001", null, `hello ${evil} world`) +
      user(`a${evil}`, "a0000001", `again ${evil}`),
  );
  return path;
}

/** Any entry lines after the standard header. */
export function sessionWith(dir: string, name: string, entries: unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, line(HEADER) + user("a0000001", null, "start") + entries.map(line).join(""));
  return path;
}
