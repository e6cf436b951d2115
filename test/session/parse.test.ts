// Parsing pi session JSONL: good files, and every kind of bad input recorded as a problem, never a throw.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import { parseSessionText } from "../../src/session/parse.ts";
import { readSessionFile } from "../../src/session/read-session.ts";
import { tempDir } from "../support/temp.ts";

const dir = tempDir("parse");

const HEADER = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';
const entry = (
  id: string,
  parentId: string | null,
  extra = '"type":"message","message":{"role":"user","content":"hi"}',
) =>
  `{${extra},"id":"${id}","parentId":${parentId === null ? "null" : `"${id === "b" ? "a" : parentId}"`},"timestamp":"2026-01-01T00:00:01.000Z"}`;

describe("parseSessionText", () => {
  it("reads the header and entries in file order", () => {
    const b = createSessionBuilder();
    b.user("hello");
    b.assistant({ text: "hi" });
    const parsed = parseSessionText(b.toJsonl());
    expect(parsed.header?.cwd).toBe("/home/dev/proj");
    expect(parsed.entries.map((e) => e.id)).toEqual(["00000001", "00000002"]);
    expect(parsed.problems).toEqual([]);
    expect(parsed.lineOf.get("00000002")).toBe(3);
  });

  it("records a corrupt middle line with its number and keeps going", () => {
    const text = `${[HEADER, entry("a", null), "{not json", entry("b", "a")].join("\n")}\n`;
    const parsed = parseSessionText(text);
    expect(parsed.entries.map((e) => e.id)).toEqual(["a", "b"]);
    expect(parsed.problems).toEqual([expect.objectContaining({ kind: "corrupt-line", line: 3 })]);
  });

  it("calls an unterminated broken last line truncated, but accepts a complete one", () => {
    const cut = parseSessionText(`${HEADER}\n${entry("a", null)}\n{"type":"message","id":"b","par`);
    expect(cut.problems).toEqual([expect.objectContaining({ kind: "truncated-line", line: 3 })]);
    const whole = parseSessionText(`${HEADER}\n${entry("a", null)}`);
    expect(whole.problems).toEqual([]);
    expect(whole.entries).toHaveLength(1);
  });

  it("keeps unknown entry types for their tree links and reports them", () => {
    const parsed = parseSessionText(
      [HEADER, entry("a", null), entry("x", "a", '"type":"hologram"'), entry("b", "x")].join("\n"),
    );
    expect(parsed.byId.get("x")?.type).toBe("hologram");
    expect(parsed.problems).toEqual([
      expect.objectContaining({ kind: "unknown-type", line: 3, entryId: "x" }),
    ]);
  });

  it("reports entries without ids, duplicate ids, a missing header and an empty file", () => {
    const parsed = parseSessionText(
      [entry("a", null), '{"type":"message","message":{}}', entry("a", null)].join("\n"),
    );
    expect(parsed.problems.map((p) => p.kind)).toEqual(["missing-header", "missing-id", "duplicate-id"]);
    expect(parseSessionText("").problems).toEqual([
      expect.objectContaining({ kind: "missing-header", message: "the file is empty" }),
    ]);
  });

  it("accepts CRLF line endings and gives version-1 entries line-based ids", () => {
    const legacy = [
      '{"type":"session","id":"s","timestamp":"t","cwd":"/p"}',
      '{"type":"message","timestamp":"t","message":{"role":"user","content":"a"}}',
      '{"type":"message","timestamp":"t","message":{"role":"user","content":"b"}}',
    ].join("\r\n");
    const parsed = parseSessionText(legacy);
    expect(parsed.entries.map((e) => [e.id, e.parentId])).toEqual([
      ["line-2", null],
      ["line-3", "line-2"],
    ]);
  });
});

describe("readSessionFile", () => {
  it("streams a large file with multi-byte text across chunk boundaries exactly like the in-memory parser", async () => {
    const b = createSessionBuilder();
    for (let i = 0; i < 400; i++) b.user(`${"ä€😀".repeat(1000)} ${i}`);
    const text = `${b.toJsonl()}{"type":"message","id":"zz`;
    const path = join(dir, "big.jsonl");
    writeFileSync(path, text);
    const read = await readSessionFile(path);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const memory = parseSessionText(text);
    expect(read.value.bytes).toBeGreaterThan(1 << 20);
    expect(read.value.session.entries.length).toBe(400);
    expect(read.value.session.entries).toEqual(memory.entries);
    expect(read.value.session.problems).toEqual([
      expect.objectContaining({ kind: "truncated-line", line: 402 }),
    ]);
  });

  it("returns a reason for a missing file or a folder", async () => {
    expect(await readSessionFile(join(dir, "nope.jsonl"))).toEqual({
      ok: false,
      reason: expect.stringMatching(/does not exist/),
    });
    expect(await readSessionFile(dir)).toEqual({ ok: false, reason: expect.stringMatching(/folder/) });
  });
});

describe("format versions", () => {
  it("states the version it read, and reads a newer one as the current one with a message", () => {
    const entry =
      '{"type":"message","id":"a","parentId":null,"timestamp":"t","message":{"role":"user","content":"hi"}}';
    const v2 = parseSessionText(
      `{"type":"session","version":2,"id":"s","timestamp":"t","cwd":"/p"}\n${entry}\n`,
    );
    expect(v2.formatVersion).toBe(2);
    expect(v2.problems).toEqual([]);
    const v9 = parseSessionText(
      `{"type":"session","version":9,"id":"s","timestamp":"t","cwd":"/p"}\n${entry}\n`,
    );
    expect(v9.entries.map((e) => e.id)).toEqual(["a"]);
    expect(v9.problems).toEqual([
      expect.objectContaining({
        kind: "newer-format",
        message: "the file states format version 9, newer than the version 3 keel knows; read as version 3",
      }),
    ]);
  });

  it("says when pi would refuse a file whose header has no id", () => {
    const parsed = parseSessionText(
      '{"type":"session","version":3,"timestamp":"t","cwd":"/p"}\n{"type":"message","id":"a","parentId":null,"timestamp":"t","message":{"role":"user","content":"hi"}}\n',
    );
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.problems.map((p) => p.message)).toEqual([
      "the session header has no id; pi refuses such a file, keel reads it anyway",
    ]);
  });
});
