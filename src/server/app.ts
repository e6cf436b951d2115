// The UI server's Hono app: security headers, the local-token gate, static files and the page routes.
// Listening (Bun or Node) is serve.ts's job; the data each page shows comes from the engine and store.

import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { type AssetName, readAsset } from "../core/assets.ts";
import type { Clock } from "../core/clock.ts";
import { describeError, UserError } from "../core/errors.ts";
import type { McpHttp } from "../mcp/http.ts";
import type { SessionSummaryCache } from "../session/session-files.ts";
import type { Store } from "../store/db.ts";
import { requireLocalToken } from "./auth.ts";
import { overviewRoutes } from "./routes/overview.ts";

export interface AppOptions {
  store: Store;
  token: string;
  /** The listening port (a function: port 0 is known only after listening). */
  port: () => number;
  /** Folders holding pi session files, searched on each overview request. */
  sessionDirs: readonly string[];
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
      contentSecurityPolicy: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
      referrerPolicy: "no-referrer",
      xFrameOptions: "DENY",
      strictTransportSecurity: false,
    }),
  );
  app.use(requireLocalToken({ token: options.token, port: options.port }));
  app.get("/static/*", (c) => {
    const name = c.req.path.slice("/static/".length);
    const asset = staticAsset(name);
    if (asset === undefined) return c.text("not found", 404);
    c.header("Cache-Control", "no-cache");
    return c.body(asset.text, 200, { "Content-Type": asset.type });
  });
  app.all("/mcp", (c) =>
    options.mcp
      ? options.mcp.handle(c.req.raw)
      : c.text("keel serves MCP only when started in a project", 404),
  );
  app.route(
    "/",
    overviewRoutes({ store: options.store, sessionDirs: options.sessionDirs, cache, clock: options.clock }),
  );
  app.notFound((c) => c.text("not found", 404));
  app.onError((error, c) => {
    log(`keel ui: ${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
    return c.text(`keel: ${describeError(error)}`, 500);
  });
  return app;
}

function staticAsset(name: string): { text: string; type: string } | undefined {
  if (!STATIC_NAME.test(name)) return undefined;
  const type = CONTENT_TYPES[name.slice(name.lastIndexOf(".") + 1).toLowerCase()];
  if (type === undefined) return undefined;
  try {
    return { text: readAsset(`web/${name}` as AssetName), type };
  } catch (error) {
    if (error instanceof UserError) return undefined;
    throw error;
  }
}
