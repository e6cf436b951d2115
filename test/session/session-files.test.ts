// Session file listing over real temp folders: pi's layout, --session-dir folders, broken and truncated files.
import { appendFileSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  listSessionFiles,
  readLines,
  type SessionSummaryCache,
  sessionDirsFor,
  summarizeSessionFile,
} from "../../src/session/session-files.ts";
import { summarizeSessionText } from "../../src/session/session-scan.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("session-files");

const ID = "0b5c1e2a-1111-4222-8333-944455556666";

function header(id = ID, cwd = "/home/dev/proj"): string {
  return JSON.stringify({ type: "session", version: 3, id, timestamp: "2026-11-29T11:08:50.663Z", cwd });
}

function entry(type: string, id: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ type, id, parentId: null, timestamp: "2026-11-29T11:09:00.000Z", ...extra });
}

const message = (id: string, text: string) =>
  entry("message", id, { message: { role: "user", content: text } });
const compaction = (id: string) =>
  entry("compaction", id, { summary: "checkpoint", firstKeptEntryId: "m1", tokensBefore: 1496 });

function writeSession(dir: string, name: string, lines: string[], trailingNewline = true): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, lines.join("\n") + (trailingNewline ? "\n" : ""));
  return path;
}

describe("summarizeSessionText", () => {
  it("reads the header, counts entries and compactions, and takes the latest name", () => {
    const text = [
      header(),
      message("m1", "hello"),
      compaction("c1"),
      entry("model_change", "mc", { provider: "faux", modelId: "faux-1" }),
      entry("session_info", "i1", { name: "first name" }),
      entry("custom", "k1", { customType: "keel.protect.state", data: {} }),
      compaction("c2"),
      entry("session_info", "i2", { name: "renamed" }),
    ].join("\n");
    const summary = summarizeSessionText(`${text}\n`);
    expect(summary).toMatchObject({
      sessionId: ID,
      cwd: "/home/dev/proj",
      startedAt: "2026-11-29T11:08:50.663Z",
      version: 3,
      entries: 7,
      compactionEntryIds: ["c1", "c2"],
      name: "renamed",
      warnings: [],
    });
    expect(summary.error).toBeUndefined();
  });

  it("reports a file whose first line is not a session header as an error", () => {
    expect(summarizeSessionText(`${message("m1", "hi")}\n`).error).toMatch(/not a pi session file/);
    expect(summarizeSessionText("not json at all\n").error).toMatch(/not JSON/);
    expect(summarizeSessionText("").error).toMatch(/empty file/);
  });

  it("lists malformed lines as a warning, capped, and keeps counting", () => {
    const lines = [header(), message("m1", "ok")];
    for (let i = 0; i < 7; i++) lines.push("{broken");
    lines.push(compaction("c1"));
    const summary = summarizeSessionText(`${lines.join("\n")}\n`);
    expect(summary.entries).toBe(9);
    expect(summary.compactionEntryIds).toEqual(["c1"]);
    expect(summary.warnings).toEqual(["7 lines are not valid JSON (line 3, 4, 5, 6, 7 and 2 more)"]);
  });
});

describe("readLines", () => {
  it("marks only an unterminated last line, across stream chunks", async () => {
    const long = "x".repeat(200_000);
    const path = writeSession(join(root, "lines"), "a.jsonl", ["one", long, "", "tail"], false);
    const lines = [];
    for await (const line of readLines(path)) lines.push(line);
    expect(lines.map((l) => l.text.length)).toEqual([3, 200_000, 0, 4]);
    expect(lines.map((l) => l.terminated)).toEqual([true, true, true, false]);
  });
});

describe("listSessionFiles", () => {
  const agentDir = join(root, "agent");
  const sessions = join(agentDir, "sessions");
  const extra = join(root, "elsewhere");

  const good = writeSession(join(sessions, "--home-dev-proj--"), "2026-11-29T11-08-50-663Z_a.jsonl", [
    header(),
    message("m1", "hello"),
    compaction("3c5f89ab"),
    entry("session_info", "i1", { name: "refactor" }),
  ]);
  const truncated = writeSession(
    join(sessions, "--home-dev-proj--"),
    "2026-11-29T12-00-00-000Z_b.jsonl",
    [
      header("22222222-0000-4000-8000-000000000000"),
      message("m1", "hello"),
      '{"type":"message","id":"m2","mess',
    ],
    false,
  );
  const malformed = writeSession(join(sessions, "--home-dev-other--"), "2026-11-29T13-00-00-000Z_c.jsonl", [
    "this is not a session",
    message("m1", "hello"),
  ]);
  const flat = writeSession(extra, "2026-11-29T14-00-00-000Z_d.jsonl", [
    header("44444444-0000-4000-8000-000000000000", "/srv/app"),
    compaction("k1"),
  ]);
  writeFileSync(join(sessions, "--home-dev-proj--", "notes.txt"), "not a session file");
  mkdirSync(join(sessions, "--home-dev-proj--", "deeper"), { recursive: true });
  writeSession(join(sessions, "--home-dev-proj--", "deeper"), "too-deep.jsonl", [header("55")]);
  utimesSync(good, new Date("2026-11-29T11:10:00Z"), new Date("2026-11-29T11:10:00Z"));
  utimesSync(truncated, new Date("2026-11-29T12:10:00Z"), new Date("2026-11-29T12:10:00Z"));
  utimesSync(malformed, new Date("2026-11-29T13:10:00Z"), new Date("2026-11-29T13:10:00Z"));
  utimesSync(flat, new Date("2026-11-29T14:10:00Z"), new Date("2026-11-29T14:10:00Z"));

  it("finds pi's files one folder deep plus flat --session-dir folders, newest first", async () => {
    const dirs = sessionDirsFor(agentDir, [extra, join(root, "missing"), sessions]);
    expect(dirs).toEqual([sessions, extra, join(root, "missing")]);
    const listing = await listSessionFiles(dirs);
    expect(listing.sessions.map((s) => s.path)).toEqual([flat, malformed, truncated, good]);
    expect(listing.roots).toEqual([
      { path: sessions, exists: true, files: 3 },
      { path: extra, exists: true, files: 1 },
      { path: join(root, "missing"), exists: false, files: 0 },
    ]);
  });

  it("summarizes each file without failing on the bad ones", async () => {
    const listing = await listSessionFiles([sessions]);
    const byPath = new Map(listing.sessions.map((s) => [s.path, s]));
    expect(byPath.get(good)).toMatchObject({
      sessionId: ID,
      cwd: "/home/dev/proj",
      startedAt: "2026-11-29T11:08:50.663Z",
      entries: 3,
      compactionEntryIds: ["3c5f89ab"],
      name: "refactor",
      modifiedAt: Date.parse("2026-11-29T11:10:00Z"),
      warnings: [],
      root: sessions,
    });
    expect(byPath.get(good)?.sizeBytes).toBeGreaterThan(100);
    const cut = byPath.get(truncated);
    expect(cut?.error).toBeUndefined();
    expect(cut?.entries).toBe(2);
    expect(cut?.warnings).toEqual(["the last line (3) is incomplete: pi may still be writing"]);
    const bad = byPath.get(malformed);
    expect(bad?.sessionId).toBeNull();
    expect(bad?.error).toMatch(/not a pi session file/);
  });

  it("reuses cached summaries until a file changes", async () => {
    const cache: SessionSummaryCache = new Map();
    await listSessionFiles([extra], { cache });
    expect(cache.get(flat)?.summary.entries).toBe(1);
    appendFileSync(flat, `${compaction("k2")}\n`);
    const again = await listSessionFiles([extra], { cache });
    expect(again.sessions[0]?.compactionEntryIds).toEqual(["k1", "k2"]);
  });

  it("reports an unreadable path on the row instead of throwing", async () => {
    const summary = await summarizeSessionFile(join(root, "nope.jsonl"));
    expect(summary.error).toMatch(/cannot read the file/);
    expect(summary.entries).toBe(0);
  });
});
