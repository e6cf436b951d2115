// keel's session_before_compact handler next to the verbatim original's algorithm (baseline/), both driven as
// pi drives them: the extension registers its handlers on a recording API, the boundary comes from pi's own
// findCutPoint (20k-token tail), and the handler gets pi's event and context. One child process per handler,
// size and cap, so the first call is cold; the warm figure is the median of the following calls.
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
  console.log(JSON.stringify({ coldMs, warmMs: median(warm) }));
}

function measure(handler: Handler, cap: Cap, file: string, runs: number) {
  const run = spawnSync(
    process.execPath,
    [import.meta.filename, "--child", handler, cap, file, String(runs)],
    {
      encoding: "utf8",
    },
  );
  if (run.status !== 0) throw new Error(`${handler} child failed: ${run.stderr.trim().split("\n").at(-1)}`);
  return JSON.parse(run.stdout) as { coldMs: number; warmMs: number };
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
          const runs = RUNS[entries] ?? 5;
          const original = measure("original", cap, file, runs);
          const kept = measure("keel", cap, file, runs);
          rows.push([
            String(entries),
            cap,
            ms(original.coldMs),
            ms(kept.coldMs),
            ratio(kept.coldMs, original.coldMs),
            ms(original.warmMs),
            ms(kept.warmMs),
            ratio(kept.warmMs, original.warmMs),
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
      ],
      rows,
      notes: [
        "cold: the first call in a fresh process; warm: median of 400 calls at 36 entries … 6 at 50k, after a quarter as many unmeasured",
        "original: scripts/bench/baseline/verbatim-original.ts, the reference's algorithm rewritten from its description",
      ],
    };
  },
};

if (process.argv[2] === "--child") {
  const [, , , handler, cap, file, runs] = process.argv;
  await child(handler as Handler, cap as Cap, file!, Number(runs));
}
