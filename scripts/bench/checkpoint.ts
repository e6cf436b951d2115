// Benchmark of the verbatim checkpoint: generated sessions of 1k, 10k and 100k entries, parse and render time,
// heap and RSS growth, cap off vs on, throughput in MB/s of session JSONL. A `report` for npm run bench.
import { renderCheckpoint } from "../../src/compact/verbatim/index.ts";
import type { CapSetting } from "../../src/compact/verbatim/types.ts";
import { walkBranch } from "../../src/session/branch.ts";
import { type BranchEntry, roleOf } from "../../src/session/entries.ts";
import { parseSessionText } from "../../src/session/parse.ts";
import { generateSession } from "../fixtures/generate-sessions.ts";

import { median, type Report } from "./measure.ts";

/** A full collection before each run so heap growth belongs to the render (Bun, or Node with --expose-gc). */
function gc(): void {
  const bun = (globalThis as { Bun?: { gc(force: boolean): void } }).Bun;
  if (bun) bun.gc(true);
  else (globalThis as { gc?: () => void }).gc?.();
}

const SIZES = [1_000, 10_000, 100_000];
const WINDOW_TOKENS = 200_000;
const CAP_ON: CapSetting = { unit: "percent", value: 25 };
const RUNS: Record<number, number> = { 1000: 30, 10000: 8, 100000: 3 };

interface Row {
  entries: number;
  jsonlMB: number;
  cap: "off" | "25%";
  parseMs: number;
  renderMs: number;
  renderMsPer1k: number;
  renderMBps: number;
  totalMBps: number;
  heapDeltaMB: number;
  rssDeltaMB: number;
  checkpointChars: number;
  trimmedLines: number;
  modelCalls: 0;
}

const MB = 1024 * 1024;

function lastUser(branch: BranchEntry[]): string {
  for (let i = branch.length - 1; i >= 0; i--) if (roleOf(branch[i]!) === "user") return branch[i]!.id;
  throw new Error("no user message");
}

function measure(entries: number): Row[] {
  const jsonl = generateSession({ entries, seed: 1, branchEvery: 500 });
  const bytes = Buffer.byteLength(jsonl);
  const runs = RUNS[entries] ?? 3;
  const parseTimes: number[] = [];
  let branch: BranchEntry[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const walked = walkBranch(parseSessionText(jsonl));
    parseTimes.push(performance.now() - start);
    if (!walked.ok) throw new Error(walked.reason);
    branch = walked.value.entries;
  }
  const firstKeptEntryId = lastUser(branch);
  return (["off", "25%"] as const).map((label) => {
    const cap: CapSetting = label === "off" ? { unit: "off" } : CAP_ON;
    const input = { branch, firstKeptEntryId, cwd: "/home/dev/proj", cap, contextWindow: WINDOW_TOKENS };
    const times: number[] = [];
    let heapDelta = 0;
    let rssDelta = 0;
    let chars = 0;
    let trimmed = 0;
    for (let i = 0; i < runs; i++) {
      gc();
      const heapBefore = process.memoryUsage().heapUsed;
      const rssBefore = process.memoryUsage().rss;
      const start = performance.now();
      const result = renderCheckpoint(input);
      times.push(performance.now() - start);
      const after = process.memoryUsage();
      heapDelta = Math.max(heapDelta, after.heapUsed - heapBefore);
      rssDelta = Math.max(rssDelta, after.rss - rssBefore);
      if (!result.ok) throw new Error(result.reason);
      chars = result.value.stats.chars;
      trimmed = result.value.details.keel.cap.removedLines + result.value.details.keel.cap.stubbedLines;
    }
    const parseMs = median(parseTimes);
    const renderMs = median(times);
    return {
      entries,
      jsonlMB: bytes / MB,
      cap: label,
      parseMs,
      renderMs,
      renderMsPer1k: renderMs / (entries / 1000),
      renderMBps: bytes / MB / (renderMs / 1000),
      totalMBps: bytes / MB / ((parseMs + renderMs) / 1000),
      heapDeltaMB: heapDelta / MB,
      rssDeltaMB: rssDelta / MB,
      checkpointChars: chars,
      trimmedLines: trimmed,
      modelCalls: 0,
    };
  });
}

export const report: Report = {
  name: "checkpoint",
  description: `verbatim checkpoint rendering, cap off and on (25% of a ${WINDOW_TOKENS}-token window); targets ≥ 150 MB/s through the renderer, ~2 ms per 1k entries, linear growth with the cap on`,
  run() {
    const rows = SIZES.flatMap(measure);
    return {
      columns: [
        "entries",
        "JSONL MB",
        "cap",
        "parse ms",
        "render ms",
        "ms/1k",
        "render MB/s",
        "parse+render MB/s",
        "heap Δ MB",
        "RSS Δ MB",
        "checkpoint chars",
        "trimmed lines",
        "model calls",
      ],
      rows: rows.map((r) => [
        String(r.entries),
        r.jsonlMB.toFixed(1),
        r.cap,
        r.parseMs.toFixed(1),
        r.renderMs.toFixed(1),
        r.renderMsPer1k.toFixed(2),
        r.renderMBps.toFixed(0),
        r.totalMBps.toFixed(0),
        r.heapDeltaMB.toFixed(1),
        r.rssDeltaMB.toFixed(1),
        String(r.checkpointChars),
        String(r.trimmedLines),
        "0",
      ]),
      notes: [
        "median of runs per size; a run renders the whole branch; parse = JSON.parse of every line plus branch walking",
      ],
    };
  },
};
