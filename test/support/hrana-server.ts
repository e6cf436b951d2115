// A small libSQL remote server for tests: the Hrana protocol version 2 over HTTP (`POST /v2/pipeline`, JSON),
// which is what @libsql/client's HTTP client speaks, backed by a real SQLite file through node:sqlite. Each
// baton is one connection, so interactive transactions work as on sqld. Enough of the protocol for keel's
// store (execute, batch with conditions, sequence, store_sql/close_sql, get_autocommit, close); it checks the
// bearer token.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DatabaseSync } from "node:sqlite";

type Value =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };
interface Stmt {
  sql?: string;
  sql_id?: number;
  args?: Value[];
  named_args?: Array<{ name: string; value: Value }>;
  want_rows?: boolean;
}
type Condition =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: Condition }
  | { type: "and" | "or"; conds: Condition[] }
  | { type: "is_autocommit" };

export interface HranaServer {
  url: string;
  requests: number;
  /** Requests that failed, as "type: message" (for diagnosing a client the server does not understand). */
  errors: string[];
  close(): Promise<void>;
}

const fromValue = (v: Value): unknown =>
  v.type === "null"
    ? null
    : v.type === "integer"
      ? BigInt(v.value)
      : v.type === "blob"
        ? Buffer.from(v.base64, "base64")
        : v.value;

function toValue(v: unknown): Value {
  if (v === null || v === undefined) return { type: "null" };
  if (typeof v === "bigint") return { type: "integer", value: v.toString() };
  if (typeof v === "number")
    return Number.isInteger(v) ? { type: "integer", value: String(v) } : { type: "float", value: v };
  if (v instanceof Uint8Array) return { type: "blob", base64: Buffer.from(v).toString("base64") };
  return { type: "text", value: String(v) };
}

/** One client stream: its connection and the SQL texts it stored (store_sql) for later statements. */
interface Stream {
  db: DatabaseSync;
  sqls: Map<number, string>;
}

function execute(stream: Stream, stmt: Stmt) {
  const text = stmt.sql ?? stream.sqls.get(stmt.sql_id ?? -1);
  if (text === undefined) throw new Error(`unknown sql_id ${stmt.sql_id}`);
  const statement = stream.db.prepare(text);
  statement.setReadBigInts(true);
  const named = Object.fromEntries(
    (stmt.named_args ?? []).map((a) => [a.name.replace(/^[:@$]/, ""), fromValue(a.value)]),
  );
  const args = (stmt.args ?? []).map(fromValue) as never[];
  const cols = statement.columns().map((c) => ({ name: c.name, decltype: c.type ?? null }));
  if (cols.length > 0) {
    const rows = (
      stmt.named_args?.length ? statement.all(named as never, ...args) : statement.all(...args)
    ) as Array<Record<string, unknown>>;
    const values = rows.map((row) => cols.map((c) => toValue(row[c.name])));
    return {
      cols,
      rows: stmt.want_rows === false ? [] : values,
      affected_row_count: 0,
      last_insert_rowid: null,
    };
  }
  const run = stmt.named_args?.length ? statement.run(named as never, ...args) : statement.run(...args);
  return {
    cols: [],
    rows: [],
    affected_row_count: Number(run.changes),
    last_insert_rowid: String(run.lastInsertRowid),
  };
}

function holds(
  cond: Condition | null | undefined,
  oks: boolean[],
  errors: boolean[],
  db: DatabaseSync,
): boolean {
  if (!cond) return true;
  switch (cond.type) {
    case "ok":
      return oks[cond.step] === true;
    case "error":
      return errors[cond.step] === true;
    case "not":
      return !holds(cond.cond, oks, errors, db);
    case "and":
      return cond.conds.every((c) => holds(c, oks, errors, db));
    case "or":
      return cond.conds.some((c) => holds(c, oks, errors, db));
    case "is_autocommit":
      return !db.isTransaction;
  }
}

function batch(stream: Stream, steps: Array<{ condition?: Condition | null; stmt: Stmt }>) {
  const results: unknown[] = [];
  const errors: unknown[] = [];
  const oks: boolean[] = [];
  const failed: boolean[] = [];
  steps.forEach((step, i) => {
    results.push(null);
    errors.push(null);
    if (!holds(step.condition, oks, failed, stream.db)) return;
    try {
      results[i] = execute(stream, step.stmt);
      oks[i] = true;
    } catch (error) {
      errors[i] = { message: (error as Error).message };
      failed[i] = true;
    }
  });
  return { step_results: results, step_errors: errors };
}

interface Request {
  type: string;
  stmt?: Stmt;
  batch?: { steps: [] };
  sql?: string;
  sql_id?: number;
}

function handle(stream: Stream, request: Request) {
  switch (request.type) {
    case "execute":
      return { type: "execute", result: execute(stream, request.stmt as Stmt) };
    case "batch":
      return { type: "batch", result: batch(stream, request.batch?.steps ?? []) };
    case "sequence":
      stream.db.exec(request.sql ?? stream.sqls.get(request.sql_id ?? -1) ?? "");
      return { type: "sequence" };
    case "store_sql":
      stream.sqls.set(request.sql_id ?? -1, request.sql ?? "");
      return { type: "store_sql" };
    case "close_sql":
      stream.sqls.delete(request.sql_id ?? -1);
      return { type: "close_sql" };
    case "get_autocommit":
      return { type: "get_autocommit", is_autocommit: !stream.db.isTransaction };
    case "close":
      return { type: "close" };
    default:
      throw new Error(`unsupported request ${request.type}`);
  }
}

/** Starts the server on 127.0.0.1 (a free port) over the SQLite file at `path`. */
export async function startHranaServer(path: string, token: string): Promise<HranaServer> {
  const streams = new Map<string, Stream>();
  const state = { requests: 0, errors: [] as string[] };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      state.requests++;
      if (req.headers.authorization !== `Bearer ${token}`) return void res.writeHead(401).end("unauthorized");
      if (req.method === "GET" && req.url === "/v2") return void res.writeHead(200).end();
      if (req.method !== "POST" || req.url !== "/v2/pipeline") return void res.writeHead(404).end();
      const pipeline = JSON.parse(body) as { baton: string | null; requests: Array<{ type: string }> };
      const baton = pipeline.baton ?? randomUUID();
      let stream = streams.get(baton);
      if (!stream) {
        stream = { db: new DatabaseSync(path), sqls: new Map() };
        stream.db.exec("pragma busy_timeout = 5000");
        streams.set(baton, stream);
      }
      const open = stream;
      const results = pipeline.requests.map((request) => {
        try {
          return { type: "ok", response: handle(open, request as Request) };
        } catch (error) {
          state.errors.push(`${request.type}: ${(error as Error).message}`);
          return { type: "error", error: { message: (error as Error).message, code: "SQLITE_ERROR" } };
        }
      });
      const closed = pipeline.requests.some((r) => r.type === "close");
      if (closed) {
        open.db.close();
        streams.delete(baton);
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ baton: closed ? null : baton, base_url: null, results }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    errors: state.errors,
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams.values()) stream.db.close();
        server.close(() => resolve());
      }),
  };
}
