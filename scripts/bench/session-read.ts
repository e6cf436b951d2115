// Benchmark of the session reader on lines near its cap: one file whose second line is just over 64 Mi characters
// (reported as "line too long" and skipped) and one whose second line is just under it (read and parsed), each
// followed by an ordinary entry. Time and the process's peak RSS growth per read; run alone with
// `bun scripts/bench/session-read.ts`.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MAX_LINE_CHARS, readSessionFile } from "../../src/session/read-session.ts";
import type { Report, ReportTable } from "./measure.ts";

/** A session file: header, one user message of `chars` characters in all, then one short entry. */
function writeLongLine(path: string, chars: number): void {
  const fd = openSync(path, "w");
  const header = {
    type: "session",
    version: 3,
    id: "bench",
    timestamp: "2026-01-01T00:00:00.000Z",
    cwd: "/",
  };
  writeSync(fd, `${JSON.stringify(header)}\n`);
  const head =
    '{"type":"message","id":"long","parentId":null,"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":"';
  const tail = '"}}';
  writeSync(fd, head);
  const block = "x".repeat(1 << 20);
  for (let left = chars - head.length - tail.length; left > 0; left -= block.length)
    writeSync(fd, left >= block.length ? block : block.slice(0, left));
  writeSync(fd, `${tail}\n`);
  const after = { type: "message", id: "after", parentId: null, timestamp: "2026-01-01T00:00:02.000Z" };
  writeSync(fd, `${JSON.stringify({ ...after, message: { role: "user", content: "after" } })}\n`);
  closeSync(fd);
}

async function measure(path: string): Promise<string[]> {
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const read = await readSessionFile(path);
  const ms = performance.now() - started;
  const grown = (process.memoryUsage().rss - before) / (1024 * 1024);
  const problems = read.ok
    ? read.value.session.problems.map((p) => p.message).join("; ") || "none"
    : read.reason;
  const entries = read.ok ? String(read.value.session.entries.length) : "-";
  return [`${ms.toFixed(0)} ms`, `${grown.toFixed(0)} MiB`, entries, problems.slice(0, 70)];
}

async function run(): Promise<ReportTable> {
  const dir = mkdtempSync(join(tmpdir(), "keel-bench-read-"));
  try {
    const rows: string[][] = [];
    for (const [label, chars] of [
      ["line 8 chars over the cap", MAX_LINE_CHARS + 8],
      ["line 1 Mi chars under the cap", MAX_LINE_CHARS - (1 << 20)],
    ] as const) {
      const path = join(dir, "long.jsonl");
      writeLongLine(path, chars);
      rows.push([label, ...(await measure(path))]);
      rmSync(path);
    }
    return { columns: ["file", "read", "RSS growth", "entries", "problems"], rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const report: Report = {
  name: "session-read",
  description: "the session reader on one line just over and one just under its 64 Mi character cap",
  run,
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const table = await run();
  console.log([table.columns, ...table.rows].map((row) => row.join("  |  ")).join("\n"));
}
