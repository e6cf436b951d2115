// The web UI over a real listening server: time to first byte (fetch until the response headers arrive) for
// the overview's session list with 1,000 session files and for the session page and compaction view of a
// 10k-entry session (targets p95 ≤ 50 ms and ≤ 200 ms), and the weight of every page with the static files it
// loads, on the demo folder (target ≤ 150 KB without screenshots).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareDemo } from "../../src/server/demo.ts";
import { type RunningServer, startServer } from "../../src/server/serve.ts";
import { parseSessionText } from "../../src/session/parse.ts";
import { openStore } from "../../src/store/open.ts";
import { listProjects } from "../../src/store/projects.ts";
import { generateSession } from "../fixtures/generate-sessions.ts";
import { type BenchOptions, median, type Report, type ReportTable } from "./measure.ts";

const SESSIONS = 1_000;
const BIG_ENTRIES = 10_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function ttfb(
  url: string,
  options: BenchOptions,
): Promise<{ first: number; times: number[]; bytes: number; cpuMs: number }> {
  const once = async () => {
    const start = performance.now();
    const response = await fetch(url);
    const elapsed = performance.now() - start;
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return { elapsed, bytes };
  };
  const first = await once();
  for (let i = 0; i < options.warmup; i++) await once();
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < options.runs; i++) times.push((await once()).elapsed);
  const spent = process.cpuUsage(cpu);
  // Server and client share this process: CPU per request is what serving (and fetching) one page costs, which
  // other work on the machine does not inflate the way it inflates wall time.
  return {
    first: first.elapsed,
    times,
    bytes: first.bytes,
    cpuMs: (spent.user + spent.system) / 1000 / options.runs,
  };
}

/** A session id like pi's (unique per file), numbered so runs are repeatable. */
const sessionIdOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** 1,000 small session files and one 10k-entry session with compactions, in pi's layout, each its own id. */
function writeSessions(root: string): { bigId: string; compactionId: string } {
  const dir = join(root, "agent", "sessions", "--home-dev-proj--");
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < SESSIONS; i++)
    writeFileSync(
      join(dir, `s-${i}.jsonl`),
      generateSession({ entries: 40, seed: i + 1, compactEvery: 30, sessionId: sessionIdOf(i + 1) }),
    );
  const big = generateSession({
    entries: BIG_ENTRIES,
    seed: 7,
    compactEvery: 2_500,
    branchEvery: 400,
    sessionId: sessionIdOf(0),
  });
  writeFileSync(join(dir, "big.jsonl"), big);
  const parsed = parseSessionText(big);
  const compaction = parsed.entries.filter((e) => e.type === "compaction").at(-1);
  if (!parsed.header || !compaction) throw new Error("the generated session has no header or compaction");
  return { bigId: parsed.header.id, compactionId: compaction.id };
}

async function timings(options: BenchOptions): Promise<string[][]> {
  const root = mkdtempSync(join(tmpdir(), "keel-bench-ui-"));
  let server: RunningServer | undefined;
  try {
    const { bigId, compactionId } = writeSessions(root);
    server = await startServer({ storeUrl: join(root, "keel.db"), agentDir: join(root, "agent") });
    const base = server.origin;
    const auth = `?token=${encodeURIComponent(server.token)}`;
    const probes: [string, string, number][] = [
      [`overview, ${SESSIONS + 1} session files`, `${base}/${auth}`, 50],
      [`session list, ${SESSIONS + 1} session files`, `${base}/sessions${auth}`, 50],
      [`session page, ${BIG_ENTRIES} entries`, `${base}/sessions/${bigId}${auth}`, 200],
      [
        `compaction view, ${BIG_ENTRIES} entries`,
        `${base}/sessions/${bigId}/compactions/${compactionId}${auth}`,
        200,
      ],
    ];
    const rows: string[][] = [];
    for (const [label, url, target] of probes) {
      const t = await ttfb(url, options);
      rows.push([
        label,
        `${t.first.toFixed(1)} ms`,
        `${median(t.times).toFixed(1)} ms`,
        `${percentile(t.times, 95).toFixed(1)} ms`,
        `${t.cpuMs.toFixed(1)} ms`,
        `≤ ${target} ms`,
        `${(t.bytes / 1024).toFixed(1)} KB`,
      ]);
    }
    return rows;
  } finally {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** Each demo page's HTML plus the stylesheet, script and icon it loads, as a browser would fetch them. */
async function weights(): Promise<string[][]> {
  const demo = await prepareDemo();
  let server: RunningServer | undefined;
  try {
    const store = await openStore(demo.storeUrl);
    const projectId = (await listProjects(store.db))[0]?.id ?? "";
    await store.close();
    server = await startServer({ storeUrl: demo.storeUrl, agentDir: demo.agentDir });
    const auth = `token=${encodeURIComponent(server.token)}`;
    const fetchText = async (path: string) => {
      const response = await fetch(`${server!.origin}${path}${path.includes("?") ? "&" : "?"}${auth}`);
      return response.text();
    };
    const home = await fetchText("/");
    // The first listed session with a compaction (the demo's newest session has none of its own).
    const compactionLink = /href="(\/sessions\/[^"]+\/compactions\/[^"]+)"/;
    let session = "/";
    let compaction = "/";
    for (const [, path] of home.matchAll(/href="(\/sessions\/[^"/?#]+)"/g)) {
      const found = compactionLink.exec(await fetchText(String(path)))?.[1];
      if (!found) continue;
      session = String(path);
      compaction = found;
      break;
    }
    const pages = [
      "/",
      "/dashboard",
      session,
      compaction,
      `/projects/${projectId}/memory`,
      `/projects/${projectId}/guard`,
      "/storage",
    ];
    const rows: string[][] = [];
    for (const path of pages) {
      const html = await fetchText(path);
      const assets = [...html.matchAll(/(?:href|src)="(\/static\/[^"]+)"/g)].map((m) => m[1] as string);
      let bytes = Buffer.byteLength(html);
      for (const asset of new Set(assets)) bytes += Buffer.byteLength(await fetchText(asset));
      rows.push([
        path.replace(/[0-9a-f]{64}/, "<project>"),
        `${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`,
        `${(bytes / 1024).toFixed(1)} KB`,
        "≤ 150 KB",
      ]);
    }
    return rows;
  } finally {
    await server?.close();
    demo.remove();
  }
}

export const report: Report = {
  name: "ui",
  description: "web UI: time to first byte (first request, then median and p95 of --runs) and page weight",
  async run(options): Promise<ReportTable> {
    const ttfbRows = await timings(options);
    const weightRows = await weights();
    return {
      columns: ["page", "first", "median", "p95", "CPU/req", "target", "HTML / total"],
      rows: [
        ...ttfbRows,
        ...weightRows.map(([page, html, total, target]) => [
          `weight ${page}`,
          "",
          "",
          "",
          "",
          target ?? "",
          `${html} / ${total}`,
        ]),
      ],
      notes: [
        "TTFB: fetch() until the response headers, over 127.0.0.1; 'first' includes reading every session file once",
        "CPU/req: process CPU time (user + system) over the runs / runs; server and client share the process",
        "weight: the page's HTML plus the /static files it references (stylesheet, favicon, live script)",
      ],
    };
  },
};
