// Session file limits as a user sees them: a line the reader cut at the 64 Mi character cap is reported as too
// long (not as bad JSON), and a file over the size cap is refused with its size and the limit, before any read.
import { closeSync, openSync, rmSync, truncateSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSessionParser, OVERSIZED_LINE } from "../../src/session/parse.ts";
import {
  createLineSplitter,
  MAX_LINE_CHARS,
  MAX_SESSION_BYTES,
  readSessionFile,
} from "../../src/session/read-session.ts";
import { tempDir } from "../support/temp.ts";

const dir = tempDir("read-limits");

describe("session file limits", () => {
  it("says 'line too long' for a line the reader cut at the cap, not 'not valid JSON'", () => {
    const parser = createSessionParser();
    parser.push(JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "t", cwd: "/" }), 1, true);
    parser.push(OVERSIZED_LINE, 2, true);
    const messages = parser.finish().problems.map((p) => p.message);
    expect(messages).toEqual([
      expect.stringMatching(/^line 2 is longer than 64 Mi characters \(line too long\)/),
    ]);
  });

  it("refuses a file over the size cap with its size and the limit", async () => {
    const file = join(dir, "huge.jsonl");
    writeFileSync(file, "");
    truncateSync(file, MAX_SESSION_BYTES + 1024 * 1024);
    expect(await readSessionFile(file)).toEqual({
      ok: false,
      reason: expect.stringMatching(/is 257 MB, over the 256 MB keel reads at once; it was not read$/),
    });
  });

  it("reports a valid line just over the cap as too long and reads the lines after it", async () => {
    // The line is valid JSON and ends inside the same read chunk that crosses the cap: the reader used to build
    // and parse it whole (a string past the cap); now the cap holds to the character.
    const file = join(dir, "one-huge-line.jsonl");
    const fd = openSync(file, "w");
    const header = { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/" };
    writeSync(fd, `${JSON.stringify(header)}\n`);
    const head =
      '{"type":"message","id":"huge","parentId":null,"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":"';
    const tail = '"}}';
    writeSync(fd, head);
    const filler = MAX_LINE_CHARS + 8 - head.length - tail.length;
    const block = "x".repeat(1 << 20);
    for (let left = filler; left > 0; left -= block.length)
      writeSync(fd, block.slice(0, Math.min(left, block.length)));
    writeSync(fd, `${tail}\n`);
    const after = { type: "message", id: "after", parentId: null, timestamp: "2026-01-01T00:00:02.000Z" };
    writeSync(fd, `${JSON.stringify({ ...after, message: { role: "user", content: "read after it" } })}\n`);
    closeSync(fd);
    const read = await readSessionFile(file);
    if (!read.ok) throw new Error(read.reason);
    expect(read.value.session.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^line 2 is longer than 64 Mi characters \(line too long\)/),
    ]);
    expect(read.value.session.entries.map((entry) => entry.id)).toEqual(["after"]);
    rmSync(file);
  }, 180_000);

  it("splits lines across pieces and keeps a line of exactly the cap", () => {
    const seen: Array<[number, boolean]> = [];
    const lines = createLineSplitter((text, terminated) => seen.push([text.length, terminated]));
    const mib = "y".repeat(1 << 20);
    for (let i = 0; i < 64; i++) lines.push(mib);
    lines.push("\nshort\n");
    for (let i = 0; i < 65; i++) lines.push(mib);
    lines.push("\nlast");
    lines.end();
    expect(seen).toEqual([
      [MAX_LINE_CHARS, true],
      [5, true],
      [OVERSIZED_LINE.length, true],
      [4, false],
    ]);
  });
});
