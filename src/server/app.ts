// The UI server's Hono app: security headers, the Host/Origin policy and local-token gate (auth.ts), the CSRF
// token on mutations (csrf.ts), static files, the page routes and MCP at /mcp.
// Listening (Bun or Node) is serve.ts's job; the data each page shows comes from the engine and store.

import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { serveStatic } from "hono/serve-static";
import { type AssetName, readAsset } from "../core/assets.ts";
import { type Clock, systemClock } from "../core/clock.ts";
import { UserError } from "../core/errors.ts";
import type { McpHttp } from "../mcp/http.ts";
import type { Store } from "../project/open.ts";
import type { SessionSummaryCache } from "../session/session-files.ts";
import { requireLocalToken } from "./auth.ts";
import { csrfTokenFor, requireCsrfToken } from "./csrf.ts";
import { answerError } from "./refusal.ts";
import type { UiDeps } from "./routes/deps.ts";
import { guardRoutes } from "./routes/guard.tsx";
import { memoryRoutes } from "./routes/memory.tsx";
import { overviewRoutes } from "./routes/overview.ts";
import { sessionRoutes } from "./routes/sessions.tsx";
import { storageRoutes } from "./routes/storage.tsx";

export interface AppOptions {
  store: Store;
  token: string;
  /** The listening port (a function: port 0 is known only after listening). */
  port: () => number;
  /** Folders holding pi session files, searched on each overview request. */
  sessionDirs: readonly string[];
  /** Where spilled tool outputs are stored; the storage page lists them (read-only). None: it shows nothing. */
  artifactsDir?: string;
  /** The user's personal contract layer (the guard page shows it); none by default. */
  personalContract?: string;
  /** Serve read-only: the demo refuses every mutation. */
  readOnly?: boolean;
  /** Starts (once) the read-only demo and gives its URL; offered at /demo when set. */
  demo?: () => Promise<string>;
  clock?: Clock;
  /** MCP over Streamable HTTP at /mcp, when the server serves a project. */
  mcp?: McpHttp;
  /** Where unexpected request failures are reported (default: stderr). */
  log?: (line: string) => void;
}

const CONTENT_TYPES: Record<string, string> = {
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  svg: "image/svg+xml",
  json: "application/json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  html: "text/html; charset=utf-8",
};

const STATIC_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const cache: SessionSummaryCache = new Map();
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
      },
      referrerPolicy: "no-referrer",
      xFrameOptions: "DENY",
      strictTransportSecurity: false,
    }),
  );
  app.use(requireLocalToken({ token: options.token, port: options.port }));
  app.use(requireCsrfToken({ token: options.token, apiPaths: ["/mcp"] }));
  app.use(
    "/static/*",
    serveStatic({
      // Hono checks the path (no dot segments, no encoded separators); keel's asset reader supplies the bytes,
      // embedded in the binary or read from web/static/ in a checkout.
      rewriteRequestPath: (path) => path.slice("/static/".length),
      getContent: async (name) => staticAsset(name),
      mimes: CONTENT_TYPES,
      onFound: (_path, c) => {
        c.header("Cache-Control", "no-cache");
      },
    }),
  );
  app.all("/mcp", (c) =>
    options.mcp
      ? options.mcp.handle(c.req.raw)
      : c.text("keel serves MCP only when started in a project", 404),
  );
  const deps: UiDeps = {
    store: options.store,
    sessionDirs: options.sessionDirs,
    cache,
    folders: new Map(),
    parsed: new Map(),
    personalContract: options.personalContract ?? "",
    artifactsDir: options.artifactsDir,
    spills: new Map(),
    csrfToken: csrfTokenFor(options.token),
    readOnly: options.readOnly ?? false,
    demoHref: options.demo ? "/demo" : undefined,
    clock: options.clock ?? systemClock,
  };
  const demo = options.demo;
  app.route("/", overviewRoutes(deps));
  if (demo) app.get("/demo", async (c) => c.redirect(await demo(), 302));
  app.route("/", sessionRoutes(deps));
  app.route("/", memoryRoutes(deps));
  app.route("/", guardRoutes(deps));
  app.route("/", storageRoutes(deps));
  app.notFound((c) => c.text("not found", 404));
  app.onError((error, c) => answerError(error, c, log));
  return app;
}

/** A static file's text, or null for a name that is not one of web/static/'s servable files. */
function staticAsset(name: string): string | null {
  if (!STATIC_NAME.test(name)) return null;
  if (CONTENT_TYPES[name.slice(name.lastIndexOf(".") + 1).toLowerCase()] === undefined) return null;
  try {
    return readAsset(`web/${name}` as AssetName);
  } catch (error) {
    if (error instanceof UserError) return null;
    throw error;
  }
}
