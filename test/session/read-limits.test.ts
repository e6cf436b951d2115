// Session file limits as a user sees them: a line the reader cut at the 64 Mi character cap is reported as too
// long (not as bad JSON), and a file over the size cap is refused with its size and the limit, before any read.
import { truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSessionParser, OVERSIZED_LINE } from "../../src/session/parse.ts";
import { MAX_SESSION_BYTES, readSessionFile } from "../../src/session/read-session.ts";
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
});
