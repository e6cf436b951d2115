// Patterns that backtrack for minutes in JavaScript's engine, sent to every surface that takes a search from a
// person or an agent: `keel lookup grep` (in `keel batch`, one process), keel_grep through the tool registry's
// call, keel_context search through its service, keel_grep over MCP stdio, and the UI's session search over HTTP.
// Shared by test/hardening/pathological-patterns.test.ts and `npm run proof`: each search is timed, each answer
// must be a result or a clear refusal, and each surface must answer a plain request afterwards.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createSessionBuilder } from "../../../scripts/fixtures/session-builder.ts";
import { runContextAction } from "../../../src/recall/hygiene/service.ts";
import { loadSessionBranch } from "../../../src/session/load-branch.ts";
import { callTool } from "../../../src/tools/define.ts";
import { findTool, KEEL_TOOLS } from "../../../src/tools/registry.ts";
import { BIN_DIR, REPO_ROOT } from "../cli.ts";
import { startKeelUi } from "../keel-ui.ts";
import { mcpProject } from "../mcp.ts";

/**
 * Each pattern, and whether a regex surface must refuse it (backreferences, lookaround, too large a program);
 * "either" for a pattern over a surface's length bound, which may answer or refuse by that bound.
 */
export const PATHOLOGICAL: ReadonlyArray<{ pattern: string; refused: boolean | "either" }> = [
  { pattern: "(.*){1,1000}#", refused: false },
  { pattern: "(a+)+$", refused: false },
  { pattern: "(a|aa)*b", refused: false },
  { pattern: "((a*)*)*b", refused: false },
  { pattern: "(x+x+)+y", refused: false },
  { pattern: "(\\w+\\s?)*$", refused: false },
  { pattern: Array.from({ length: 3000 }, (_, i) => `w${i}x`).join("|"), refused: "either" },
  { pattern: "(a)\\1", refused: true },
  { pattern: "(?=a)a+b", refused: true },
  { pattern: "(.*){1,1000}(.*){1,1000}(.*){1,1000}(.*){1,1000}(.*){1,1000}#", refused: true },
];
/** A plain search each surface must still answer (and find) after the pathological ones. */
const PLAIN = "needle-7";
const REFUSAL = /invalid pattern|too complex|did not start within|more than 500 characters|HTTP 414|HTTP 431/;

export type Surface =
  | "lookup grep"
  | "keel_grep (registry)"
  | "keel_context search"
  | "MCP stdio"
  | "UI search";
/** Surfaces that read the query as literal text: nothing is refused there. */
const LITERAL: ReadonlySet<Surface> = new Set(["keel_context search", "UI search"]);

export interface PatternFigures {
  cases: number;
  /** Searches that took more than 2 s to answer. */
  over2s: number;
  worstMs: number;
  /** Answers that were neither a result nor a clear refusal (or a refusal where a result was due). */
  unclear: string[];
  /** Surfaces that did not answer the plain search afterwards. */
  stoppedServing: string[];
  /** In-process searches during which this thread (pi's, for a tool) stopped for over 2 s. */
  pausedOver2s: string[];
  refused: number;
}

/** What one search answered: its text, whether it was an error, and how long it took. */
interface Answer {
  text: string;
  isError: boolean;
  ms: number;
}
type Searcher = (pattern: string) => Promise<Answer>;

function sessionText(): { text: string; id: string } {
  const b = createSessionBuilder({ sessionId: "0badc0de-0000-4000-8000-000000000024" });
  b.user("find the slow patterns");
  const outputs = [
    `${"x".repeat(40_000)}`,
    `${"a".repeat(30_000)}!`,
    `${"a".repeat(30_000)}c`,
    `${"x".repeat(20_000)}z`,
    `${"word ".repeat(8000)}!`,
    `tail ${PLAIN} here`,
  ];
  for (const [i, output] of outputs.entries()) {
    const { callIds } = b.assistant({ calls: [{ name: "bash", args: { command: `cat out-${i}` } }] });
    b.toolResult(callIds[0]!, "bash", output);
  }
  return { text: b.toJsonl(), id: "0badc0de-0000-4000-8000-000000000024" };
}

/** The worst pause of this process's event loop while `body` runs (in-process surfaces share pi's thread). */
async function withPauses<T>(body: () => Promise<T>): Promise<{ value: T; pauseMs: number }> {
  let last = performance.now();
  let pauseMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    pauseMs = Math.max(pauseMs, now - last);
    last = now;
  }, 5);
  try {
    const value = await body();
    pauseMs = Math.max(pauseMs, performance.now() - last);
    return { value, pauseMs };
  } finally {
    clearInterval(timer);
  }
}

async function timed(run: () => Promise<{ text: string; isError: boolean }>): Promise<Answer> {
  const started = performance.now();
  const answer = await run();
  return { ...answer, ms: performance.now() - started };
}

function registrySearcher(file: string): Searcher {
  const tool = findTool(KEEL_TOOLS, "keel_grep")!;
  const ctx = {
    project: { ok: false as const, reason: { code: "PROJECT_UNAVAILABLE", message: "proof: no project" } },
    guard: async () => undefined,
    async branch(path: string | undefined) {
      const loaded = await loadSessionBranch(path ?? file);
      return loaded.ok ? { ok: true as const, value: loaded.value.branch } : loaded;
    },
    contextPercent: () => null,
  };
  return (pattern) => timed(() => callTool(tool, ctx, { session: file, pattern, before: 0, after: 0 }));
}

async function contextSearcher(file: string): Promise<Searcher> {
  const loaded = await loadSessionBranch(file);
  if (!loaded.ok) throw new Error(loaded.reason);
  const env = {
    branch: loaded.value.branch,
    toolCallId: "proof",
    queued: [],
    loadArtifact: async () => ({ ok: false as const, reason: "no artifacts in the proof" }),
    newId: () => "cp-proof",
  };
  return (query) => timed(() => runContextAction({ action: "search", query }, env));
}

/** A line-oriented child: send one line, wait for the answer line that `matches`. */
function lineChild(child: ChildProcessWithoutNullStreams) {
  let buffer = "";
  const waiting: Array<{ test: (line: string) => boolean; resolve: (line: string) => void }> = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\n"); end !== -1; end = buffer.indexOf("\n")) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      const at = waiting.findIndex((w) => w.test(line));
      if (at !== -1) waiting.splice(at, 1)[0]!.resolve(line);
    }
  });
  child.stdin.on("error", () => undefined);
  return {
    ask(line: string, test: (answer: string) => boolean, limitMs = 60_000): Promise<string> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(""), limitMs);
        waiting.push({
          test,
          resolve: (answer) => {
            clearTimeout(timer);
            resolve(answer);
          },
        });
        child.stdin.write(`${line}\n`);
      });
    },
  };
}

const idIs = (id: number) => (line: string) => line.startsWith("{") && JSON.parse(line).id === id;

function batchSearcher(file: string, world: ReturnType<typeof mcpProject>) {
  const child = spawn(join(BIN_DIR, "bun"), [join(REPO_ROOT, "src/main.ts"), "batch", "--quiet"], {
    cwd: world.project,
    env: world.env,
  });
  const io = lineChild(child);
  let id = 0;
  const search: Searcher = (pattern) =>
    timed(async () => {
      id += 1;
      const request = JSON.stringify({ id, command: ["lookup", "grep", file, pattern] });
      const line = await io.ask(request, idIs(id));
      if (line === "") return { text: "no answer", isError: true };
      const answer = JSON.parse(line) as { exit: number; result?: unknown; error?: unknown };
      return { text: JSON.stringify(answer.result ?? answer.error), isError: answer.exit !== 0 };
    });
  return { search, stop: () => child.kill("SIGKILL") };
}

function mcpSearcher(file: string, world: ReturnType<typeof mcpProject>) {
  const child = spawn(join(BIN_DIR, "bun"), [join(REPO_ROOT, "src/main.ts"), "mcp"], {
    cwd: world.project,
    env: world.env,
  });
  const io = lineChild(child);
  let id = 1;
  const rpc = (method: string, params: unknown) => {
    id += 1;
    return { line: JSON.stringify({ jsonrpc: "2.0", id, method, params }), id };
  };
  const ready = io.ask(
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "proof", version: "1" },
      },
    }),
    idIs(1),
  );
  /** The search, and a tools/list sent right behind it: the server must answer that one too, while it searches. */
  const search: Searcher = (pattern) =>
    timed(async () => {
      const call = rpc("tools/call", {
        name: "keel_grep",
        arguments: { session: file, pattern, before: 0, after: 0 },
      });
      const list = rpc("tools/list", {});
      const [answer, listed] = await Promise.all([
        io.ask(call.line, idIs(call.id)),
        io.ask(list.line, idIs(list.id)),
      ]);
      if (answer === "" || listed === "") return { text: "no answer", isError: true };
      const result = JSON.parse(answer).result as { content?: { text?: string }[]; isError?: boolean };
      return { text: result?.content?.[0]?.text ?? answer, isError: result?.isError === true };
    });
  return { search, ready, stop: () => child.kill("SIGKILL") };
}

async function uiSearcher(dir: string, sessionId: string, world: ReturnType<typeof mcpProject>) {
  const ui = await startKeelUi({ cwd: world.project, env: world.env, args: ["--session-dir", dir] });
  const headers = { authorization: `Bearer ${ui.token}` };
  const base = `http://127.0.0.1:${ui.port}`;
  const search: Searcher = (query) =>
    timed(async () => {
      const url = `${base}/sessions/${sessionId}?q=${encodeURIComponent(query)}`;
      const [page, version] = await Promise.all([
        fetch(url, { headers }),
        fetch(`${base}/api/sessions/${sessionId}/version`, { headers }),
      ]);
      const text = page.status === 200 ? await page.text() : `HTTP ${page.status}`;
      await version.text();
      return { text, isError: page.status !== 200 || version.status !== 200 };
    });
  return { search, stop: () => ui.stop() };
}

/** Runs every pattern (or those given) against every surface; figures count what went wrong. */
export async function pathologicalPatterns(patterns = PATHOLOGICAL): Promise<PatternFigures> {
  const world = mcpProject();
  const dir = join(world.agentDir, "sessions", "--proof--");
  mkdirSync(dir, { recursive: true });
  const session = sessionText();
  const file = join(dir, "pathological.jsonl");
  writeFileSync(file, session.text);
  const figures: PatternFigures = {
    cases: 0,
    over2s: 0,
    worstMs: 0,
    unclear: [],
    stoppedServing: [],
    pausedOver2s: [],
    refused: 0,
  };
  const batch = batchSearcher(file, world);
  const mcp = mcpSearcher(file, world);
  const ui = await uiSearcher(dir, session.id, world);
  const surfaces: Array<[Surface, Searcher]> = [
    ["lookup grep", batch.search],
    ["keel_grep (registry)", registrySearcher(file)],
    ["keel_context search", await contextSearcher(file)],
    ["MCP stdio", mcp.search],
    ["UI search", ui.search],
  ];
  try {
    await mcp.ready;
    // Each surface answers once before the timed runs, so start-up (a process, a worker) is not counted.
    for (const [, search] of surfaces) await search(PLAIN);
    for (const [surface, search] of surfaces) await runSurface(surface, search, patterns, figures);
    return figures;
  } finally {
    batch.stop();
    mcp.stop();
    await ui.stop();
    world.cleanup();
  }
}

async function runSurface(
  surface: Surface,
  search: Searcher,
  patterns: typeof PATHOLOGICAL,
  figures: PatternFigures,
) {
  for (const { pattern, refused } of patterns) {
    const { value: answer, pauseMs } = await withPauses(() => search(pattern));
    figures.cases += 1;
    figures.worstMs = Math.max(figures.worstMs, Math.round(answer.ms));
    if (answer.ms > 2000) figures.over2s += 1;
    if (pauseMs > 2000) figures.pausedOver2s.push(`${surface}: thread paused ${Math.round(pauseMs)} ms`);
    const wasRefused = REFUSAL.test(answer.text) && (answer.isError || surface === "UI search");
    if (wasRefused) figures.refused += 1;
    const fine =
      refused === "either"
        ? wasRefused || !answer.isError
        : refused && !LITERAL.has(surface)
          ? wasRefused
          : !answer.isError && !wasRefused;
    if (!fine) figures.unclear.push(`${surface} ${pattern.slice(0, 30)}: ${answer.text.slice(0, 120)}`);
  }
  const plain = await search(PLAIN);
  if (plain.isError || !plain.text.includes(`${PLAIN} here`))
    figures.stoppedServing.push(`${surface}: plain search answered ${plain.text.slice(0, 120)}`);
}
