// Starts keel's UI server on 127.0.0.1: opens the store once, builds the app, listens with Bun.serve under
// Bun or @hono/node-server under Node, and hands back the URL with its token plus a close() that undoes it all.
import type { AddressInfo } from "node:net";
import { artifactsDirOf } from "../config/paths.ts";
import { describeError, UserError } from "../core/errors.ts";
import { ok } from "../core/result.ts";
import { createMcpHttp } from "../mcp/http.ts";
import type { McpHost } from "../mcp/session.ts";
import { openKeelStore, openProjectStore, type Store } from "../project/open.ts";
import { sessionDirsFor } from "../session/session-files.ts";
import { createApp } from "./app.ts";
import { createToken } from "./auth.ts";

export interface ServerOptions {
  storeUrl: string;
  /** pi's agent dir: sessions are read from `<agentDir>/sessions`. */
  agentDir: string;
  /** More session folders (pi's `--session-dir`). */
  extraSessionDirs?: readonly string[];
  /** 0 (default) picks a free port. */
  port?: number;
  /** A fixed token (tests); by default a fresh random one. */
  token?: string;
  /** The personal contract layer the guard page reads. */
  personalContract?: string;
  /** Serve read-only (the demo). */
  readOnly?: boolean;
  /** Offer the read-only demo at /demo (started on first visit, on its own port, stopped with this server). */
  offerDemo?: boolean;
  log?: (line: string) => void;
  /** The project to serve MCP for at /mcp (registered in the store); without it /mcp answers 404. */
  mcp?: Omit<McpHost, "store" | "sessionDirs">;
}

export interface RunningServer {
  /** What a user opens: `http://127.0.0.1:<port>/?token=<token>`. */
  url: string;
  /** `http://127.0.0.1:<port>`, without the token. */
  origin: string;
  port: number;
  token: string;
  sessionDirs: string[];
  close(): Promise<void>;
}

const HOST = "127.0.0.1";

type FetchHandler = (request: Request) => Response | Promise<Response>;
type Listener = { port: number; stop(): Promise<void> };

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const token = options.token ?? createToken();
  const sessionDirs = sessionDirsFor(options.agentDir, options.extraSessionDirs);
  const project = options.mcp;
  const store = project
    ? await openProjectStore(ok(project.project), { storeUrl: options.storeUrl, clock: project.clock })
    : await openKeelStore(options.storeUrl);
  const mcp = project ? createMcpHttp({ ...project, store, sessionDirs }) : undefined;
  let port = options.port ?? 0;
  const app = createApp({
    store,
    token,
    port: () => port,
    sessionDirs,
    artifactsDir: artifactsDirOf(options.agentDir),
    log: options.log,
    personalContract: options.personalContract,
    readOnly: options.readOnly,
    demo: options.offerDemo ? () => demo.url() : undefined,
    mcp,
  });
  const demo = demoLauncher(options.log);
  let listener: Listener;
  try {
    listener = await listen(app.fetch, options.port ?? 0);
  } catch (error) {
    await store.close();
    throw error;
  }
  port = listener.port;
  const origin = `http://${HOST}:${port}`;
  return {
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    origin,
    port,
    token,
    sessionDirs,
    close: once(async () => {
      try {
        await mcp?.close();
      } finally {
        await demo.stop().finally(() => shutDown(listener, store));
      }
    }),
  };
}

/** Starts the read-only demo server once, on first request, and stops it with its parent. */
function demoLauncher(log: ServerOptions["log"]) {
  let started: Promise<{ server: RunningServer; remove(): void }> | undefined;
  const start = async () => {
    const { prepareDemo } = await import("./demo.ts");
    const folder = await prepareDemo();
    try {
      const server = await startServer({
        storeUrl: folder.storeUrl,
        agentDir: folder.agentDir,
        readOnly: true,
        log,
      });
      return { server, remove: folder.remove };
    } catch (error) {
      folder.remove();
      throw error;
    }
  };
  return {
    url: async () => {
      started ??= start();
      return (await started).server.url;
    },
    stop: async () => {
      if (!started) return;
      const running = await started.catch(() => undefined);
      await running?.server.close();
      running?.remove();
    },
  };
}

async function shutDown(listener: Listener, store: Store): Promise<void> {
  try {
    await listener.stop();
  } finally {
    await store.close();
  }
}

async function listen(fetch: FetchHandler, port: number): Promise<Listener> {
  const bun = (globalThis as { Bun?: typeof Bun }).Bun;
  return bun ? listenBun(bun, fetch, port) : listenNode(fetch, port);
}

function listenBun(bun: typeof Bun, fetch: FetchHandler, port: number): Listener {
  let server: ReturnType<typeof Bun.serve>;
  try {
    server = bun.serve({ hostname: HOST, port, fetch });
  } catch (error) {
    throw listenError(port, error);
  }
  return { port: server.port ?? port, stop: () => server.stop(true) };
}

async function listenNode(fetch: FetchHandler, port: number): Promise<Listener> {
  const { serve } = await import("@hono/node-server");
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname: HOST }, (info: AddressInfo) => {
      server.off("error", onError);
      resolve({
        port: info.port,
        stop: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            if ("closeAllConnections" in server) server.closeAllConnections();
          }),
      });
    });
    const onError = (error: Error) => reject(listenError(port, error));
    server.once("error", onError);
  });
}

function listenError(port: number, error: unknown): UserError {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === "EADDRINUSE")
    return new UserError(
      `port ${port} on ${HOST} is already in use`,
      2,
      "pick another --port, or 0 for a free one",
    );
  return new UserError(`cannot listen on ${HOST}:${port}: ${describeError(error)}`);
}

function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= action();
    return running;
  };
}
