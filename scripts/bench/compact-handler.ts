// keel's session_before_compact handler next to the verbatim original's algorithm (baseline/), both driven as
// pi drives them: the extension registers its handlers on a recording API, the boundary comes from pi's own
// findCutPoint (20k-token tail), and the handler gets pi's event and context. One child process per handler,
// size, cap and round, so the first call is cold; the warm figure is the median of the following calls. For a
// shared, noisy machine the two handlers' children alternate (the order flips every round) and each figure is
// the median over the rounds.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findCutPoint, type SessionEntry } from "@earendil-works/pi-coding-agent";
import keel from "../../extension/index.ts";
import { walkBranch } from "../../src/session/branch.ts";
import { parseSessionText } from "../../src/session/parse.ts";
import { generateSession } from "../fixtures/generate-sessions.ts";
import { originalBeforeCompact } from "./baseline/verbatim-original.ts";
import { median, type Report } from "./measure.ts";

const SIZES = [36, 400, 1_000, 10_000, 50_000];
const RUNS: Record<number, number> = { 36: 400, 400: 300, 1000: 200, 10000: 20, 50000: 6 };
/** Child processes per handler, size and cap (each gives one cold call and one warm median). */
const ROUNDS: Record<number, number> = { 36: 7, 400: 7, 1000: 7, 10000: 5, 50000: 3 };
const WINDOW_TOKENS = 200_000;
type Handler = "original" | "keel";
type Cap = "on" | "off";

type Call = (event: unknown, ctx: unknown) => unknown;

/** keel's session_before_compact as the extension registers it (the one handler pi would call). */
function keelHandler(): Call {
  const handlers = new Map<string, Call[]>();
  const record = (event: string, handler: Call) => {
    handlers.set(event, [...(handlers.get(event) ?? []), handler]);
  };
  const api = new Proxy({}, { get: (_t, key) => (key === "on" ? record : () => undefined) });
  keel(api as Parameters<typeof keel>[0]);
  const found = handlers.get("session_before_compact") ?? [];
  if (found.length !== 1)
    throw new Error(`expected one session_before_compact handler, found ${found.length}`);
  return found[0]!;
}

function loadBranch(file: string, cap: Cap): SessionEntry[] {
  const walked = walkBranch(parseSessionText(readFileSync(file, "utf8")));
  if (!walked.ok) throw new Error(walked.reason);
  const branch = [...walked.value.entries];
  // keel reads its cap from the branch (what `/keel compact cap off` appends); 25% is its default.
  if (cap === "off") {
    const last = branch.at(-1)!;
    branch.push({
      type: "custom",
      customType: "keel.compact.settings",
      data: { cap: "off" },
      id: "bench-cap-off",
      parentId: last.id,
      timestamp: last.timestamp,
    } as SessionEntry);
  }
  return branch;
}

/** Child mode: times one handler on one session; prints {coldMs, warmMs}. */
async function child(handler: Handler, cap: Cap, file: string, runs: number): Promise<void> {
  const branch = loadBranch(file, cap);
  const cut = findCutPoint(branch, 0, branch.length, 20_000);
  const event = {
    type: "session_before_compact",
    branchEntries: branch,
    reason: "threshold",
    willRetry: false,
    signal: new AbortController().signal,
    preparation: {
      firstKeptEntryId: branch[cut.firstKeptEntryIndex]!.id,
      isSplitTurn: cut.isSplitTurn,
      tokensBefore: 150_000,
    },
  };
  const ctx = {
    cwd: "/home/dev/proj",
    model: { contextWindow: WINDOW_TOKENS },
    getSystemPrompt: () => "",
    ui: { notify: () => undefined },
    sessionManager: { getBranch: () => branch },
  };
  const call: Call =
    handler === "keel"
      ? keelHandler()
      : (e, c) => originalBeforeCompact(e as never, c as never, cap === "on");
  const once = async () => {
    const start = performance.now();
    const result = (await call(event, ctx)) as { compaction?: { summary?: string } } | undefined;
    const ms = performance.now() - start;
    if (!result?.compaction?.summary) throw new Error(`${handler} returned no compaction`);
    return ms;
  };
  const coldMs = await once();
  for (let i = 0; i < runs / 4; i++) await once();
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) warm.push(await once());
  // Then, up to 1k entries, three times as many calls again: the JIT's steady state, read apart from warm.
  const steady: number[] = [];
  for (let i = 0; i < (runs >= 100 ? runs * 3 : 0); i++) steady.push(await once());
  const steadyMs = steady.length > 0 ? median(steady) : null;
  console.log(JSON.stringify({ coldMs, warmMs: median(warm), steadyMs }));
}

type Timing = { coldMs: number; warmMs: number; steadyMs: number | null };

function measure(handler: Handler, cap: Cap, file: string, runs: number): Timing {
  const run = spawnSync(
    process.execPath,
    [import.meta.filename, "--child", handler, cap, file, String(runs)],
    {
      encoding: "utf8",
    },
  );
  if (run.status !== 0) throw new Error(`${handler} child failed: ${run.stderr.trim().split("\n").at(-1)}`);
  return JSON.parse(run.stdout) as Timing;
}

/** Rounds of one child per handler, alternating which goes first; medians over the rounds per handler. */
function measurePair(cap: Cap, file: string, entries: number) {
  const runs = RUNS[entries] ?? 5;
  const rounds = ROUNDS[entries] ?? 3;
  const original: Timing[] = [];
  const kept: Timing[] = [];
  for (let round = 0; round < rounds; round++) {
    const order: Handler[] = round % 2 === 0 ? ["original", "keel"] : ["keel", "original"];
    for (const handler of order)
      (handler === "keel" ? kept : original).push(measure(handler, cap, file, runs));
  }
  const warmRatios = kept.map((k, i) => k.warmMs / original[i]!.warmMs);
  const steady = (timings: Timing[]) =>
    timings[0]!.steadyMs === null ? null : median(timings.map((t) => t.steadyMs!));
  const steadyOriginal = steady(original);
  const steadyKept = steady(kept);
  return {
    rounds,
    steadyRatio: steadyOriginal === null || steadyKept === null ? null : steadyKept / steadyOriginal,
    original: {
      coldMs: median(original.map((t) => t.coldMs)),
      warmMs: median(original.map((t) => t.warmMs)),
    },
    kept: { coldMs: median(kept.map((t) => t.coldMs)), warmMs: median(kept.map((t) => t.warmMs)) },
    warmRange: [Math.min(...warmRatios), Math.max(...warmRatios)],
  };
}

const ms = (value: number) => value.toFixed(2);
const ratio = (keelMs: number, originalMs: number) => `${(keelMs / originalMs).toFixed(2)}×`;

export const report: Report = {
  name: "compact-handler",
  description: `session_before_compact as pi calls it, keel vs the verbatim original's algorithm, cap 25% of a ${WINDOW_TOKENS}-token window and off (target: keel ≤ 1.00× at every size)`,
  run() {
    const dir = mkdtempSync(join(tmpdir(), "keel-bench-handler-"));
    const rows: string[][] = [];
    try {
      for (const entries of SIZES) {
        const file = join(dir, `${entries}.jsonl`);
        writeFileSync(file, generateSession({ entries, seed: 7, branchEvery: 500 }));
        for (const cap of ["on", "off"] as const) {
          const { original, kept, warmRange, steadyRatio } = measurePair(cap, file, entries);
          rows.push([
            String(entries),
            cap,
            ms(original.coldMs),
            ms(kept.coldMs),
            ratio(kept.coldMs, original.coldMs),
            ms(original.warmMs),
            ms(kept.warmMs),
            ratio(kept.warmMs, original.warmMs),
            `${warmRange.map((r) => r.toFixed(2)).join("–")}×`,
            steadyRatio === null ? "–" : `${steadyRatio.toFixed(2)}×`,
          ]);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return {
      columns: [
        "entries",
        "cap",
        "orig cold ms",
        "keel cold ms",
        "cold ratio",
        "orig warm ms",
        "keel warm ms",
        "warm ratio",
        "round ratios",
        "steady ratio",
      ],
      rows,
      notes: [
        "cold: the first call in a fresh process; warm: median of 400 calls at 36 entries … 6 at 50k, after a quarter as many unmeasured",
        "each figure: the median over 7 rounds (5 at 10k, 3 at 50k) of one child per handler, the two alternating; round ratios: lowest and highest per-round keel/orig warm ratio",
        "steady: up to 1k entries, the median of 3× as many further calls in the same child (the JIT's steady state; keel's larger code tiers up later than the baseline's)",
        "original: scripts/bench/baseline/verbatim-original.ts, the reference's algorithm rewritten from its description",
      ],
    };
  },
};

if (process.argv[2] === "--child") {
  const [, , , handler, cap, file, runs] = process.argv;
  await child(handler as Handler, cap as Cap, file!, Number(runs));
}
