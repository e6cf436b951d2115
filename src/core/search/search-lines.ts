// One search over many lines for a pattern a person or an agent supplied, run in a worker thread with a
// linear-time engine (RE2 syntax), a wall-clock budget and a cap on hits. The thread that serves pi, MCP or HTTP
// only hands out chunks and waits; a worker past its budget is terminated, and the result says where to resume.
import { Worker } from "node:worker_threads";
import { fail, ok, type Result } from "../result.ts";
import { patternWorkerScript, type WorkerReply, type WorkerRequest } from "./pattern-worker.ts";

/** Wall-clock budget of one search, counted from the moment the pattern is compiled in a ready worker. */
export const SEARCH_BUDGET_MS = 1000;
/** Limit on starting a worker and compiling the pattern (the program-size cap bounds the compile itself). */
const START_LIMIT_MS = 5000;
/** Largest compiled pattern accepted (RE2 program instructions); `(.*){1,1000}#` compiles to about 5,000. */
export const MAX_PROGRAM = 20_000;
const CHUNK_CHARS = 1 << 20;
const CHUNK_LINES = 4096;

export interface LineQuery {
  pattern: string;
  /** Match the text literally (no pattern syntax). */
  literal?: boolean;
  caseSensitive?: boolean;
}

export interface LineSearch {
  /** Lines [from, to) are searched. */
  from: number;
  to: number;
  /** Stop after this many matching lines. */
  maxHits: number;
  budgetMs?: number;
  /** Also say where each hit's first match starts (LineHits.at). */
  locate?: boolean;
}

export interface LineHits {
  /** Indexes of matching lines, ascending, at most maxHits. */
  hits: number[];
  /** First line not searched yet, or null when the range is done. */
  next: number | null;
  /** Why the search stopped before `to`: enough hits, or the time budget. */
  stopped: "end" | "hits" | "budget";
  /** A line that alone took the whole budget: passed over so paging always moves on. */
  skipped: number | null;
  /** With `locate`: where the first match of each hit starts (UTF-16 units), in the order of `hits`. */
  at?: number[];
}

type Waiter = (reply: WorkerReply | "timeout" | Error) => void;

/** One idle worker is kept (unreferenced, so it never holds the process open) to spare the next search its start. */
let idle: Worker | undefined;

/** A worker (the idle one, or a new one) plus one pending reader; every wait ends by the deadline. */
function startWorker(firstDeadline: number) {
  let deadline = firstDeadline;
  const worker = idle ?? new Worker(patternWorkerScript(), { eval: true });
  idle = undefined;
  worker.ref();
  const queue: (WorkerReply | Error)[] = [];
  let waiter: Waiter | undefined;
  let broken = false;
  /** Requests sent whose last answer has not arrived: a worker left mid-request is never reused. */
  let pending = 0;
  const deliver = (item: WorkerReply | Error) => {
    if (item instanceof Error) broken = true;
    else if (item.type !== "progress") pending -= 1;
    if (waiter) {
      const wake = waiter;
      waiter = undefined;
      wake(item);
    } else queue.push(item);
  };
  const onMessage = (reply: WorkerReply) => deliver(reply);
  const onError = (error: Error) => deliver(error);
  worker.on("message", onMessage);
  worker.on("error", onError);
  const next = (): Promise<WorkerReply | "timeout" | Error> => {
    const queued = queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          waiter = undefined;
          broken = true;
          resolve("timeout");
        },
        Math.max(0, deadline - Date.now()),
      );
      waiter = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
    });
  };
  const send = (request: WorkerRequest) => {
    pending += 1;
    worker.postMessage(request);
  };
  /** A worker that finished cleanly waits for the next search; one cut off or failed is terminated. */
  const release = () => {
    worker.off("message", onMessage);
    worker.off("error", onError);
    if (broken || pending > 0 || idle) void worker.terminate();
    else {
      worker.unref();
      idle = worker;
    }
  };
  const extend = (to: number) => {
    deadline = to;
  };
  return { next, send, release, extend };
}

/** Compiles the pattern in the worker: a reason when it is not RE2 syntax or too large. */
async function compileIn(worker: ReturnType<typeof startWorker>, query: LineQuery): Promise<Result<true>> {
  worker.send({
    type: "compile",
    pattern: query.pattern,
    literal: query.literal === true,
    caseSensitive: query.caseSensitive === true,
    maxProgram: MAX_PROGRAM,
  });
  const reply = await worker.next();
  if (reply === "timeout")
    return fail("the search did not start within its time budget (a very large pattern, or a busy machine)");
  if (reply instanceof Error) return fail(`the search could not run (${reply.message})`);
  if (reply.type !== "compiled") return fail("the search worker answered out of order");
  if (reply.error !== undefined)
    return fail(`invalid pattern: ${reply.error} (RE2 syntax: no lookahead or backreferences)`);
  if (reply.size !== undefined)
    return fail(`the pattern is too complex (${reply.size} steps, at most ${MAX_PROGRAM}); simplify it`);
  return ok(true);
}

/** The end of the next chunk starting at `start`: at least one line, bounded in lines and characters. */
function chunkEnd(lines: readonly string[], start: number, to: number): number {
  let end = start;
  let chars = 0;
  while (
    end < to &&
    end - start < CHUNK_LINES &&
    (end === start || chars + lines[end]!.length <= CHUNK_CHARS)
  )
    chars += lines[end++]!.length;
  return end;
}

/** Searches `lines[from..to)` for the query within the budget; a bad pattern is a reason, not a throw. */
export async function searchLines(
  lines: readonly string[],
  query: LineQuery,
  range: LineSearch,
): Promise<Result<LineHits>> {
  if (query.pattern === "") return fail("the pattern is empty");
  const worker = startWorker(Date.now() + START_LIMIT_MS);
  try {
    const compiled = await compileIn(worker, query);
    if (!compiled.ok) return compiled;
    worker.extend(Date.now() + (range.budgetMs ?? SEARCH_BUDGET_MS));
    const found: Found = { hits: [], at: [] };
    let done = range.from;
    while (done < range.to && found.hits.length < range.maxHits) {
      const chunk = lines.slice(done, chunkEnd(lines, done, range.to));
      worker.send({ type: "scan", base: done, lines: chunk, locate: range.locate === true });
      for (;;) {
        const reply = await worker.next();
        if (reply === "timeout") return ok(budgetStop(found, done, range));
        if (reply instanceof Error) return fail(`the search stopped (${reply.message})`);
        if (reply.type === "compiled") continue;
        found.hits.push(...reply.hits);
        found.at.push(...(reply.at ?? []));
        done = reply.upTo;
        if (reply.type === "scanned" || found.hits.length >= range.maxHits) break;
      }
    }
    if (found.hits.length >= range.maxHits) {
      const after = found.hits[range.maxHits - 1]! + 1;
      return ok(
        answer(found, range, { next: after < range.to ? after : null, stopped: "hits", skipped: null }),
      );
    }
    return ok(answer(found, range, { next: null, stopped: "end", skipped: null }));
  } finally {
    worker.release();
  }
}

interface Found {
  hits: number[];
  at: number[];
}

/** The hits (at most maxHits), with where each match starts when the caller asked for it. */
function answer(found: Found, range: LineSearch, end: Omit<LineHits, "hits" | "at">): LineHits {
  const hits = found.hits.slice(0, range.maxHits);
  return range.locate ? { hits, ...end, at: found.at.slice(0, range.maxHits) } : { hits, ...end };
}

/** Where a search that ran out of time resumes; a line that alone used the whole budget is passed over. */
function budgetStop(found: Found, done: number, range: LineSearch): LineHits {
  const stuck = done === range.from;
  const next = stuck ? done + 1 : done;
  return answer(found, range, {
    next: next < range.to ? next : null,
    stopped: "budget",
    skipped: stuck ? done : null,
  });
}
