// Overview routes: `GET /` renders the page, `GET /api/overview` returns the same data as JSON.

import { Hono } from "hono";
import type { Clock } from "../../core/clock.ts";
import { collectOverview } from "../../overview/overview-data.ts";
import type { Store } from "../../project/open.ts";
import type { SessionSummaryCache } from "../../session/session-files.ts";
import { renderOverviewPage } from "../ui/pages/overview.tsx";
import { SessionsPage } from "../ui/pages/sessions.tsx";
import { renderDocument } from "../ui/render.ts";

export interface OverviewRouteDeps {
  store: Store;
  sessionDirs: readonly string[];
  /** Shared across requests so unchanged session files are read once. */
  cache: SessionSummaryCache;
  clock?: Clock;
  /** This server is the read-only demo. */
  readOnly?: boolean;
  /** Where the read-only demo opens, when this server offers one. */
  demoHref?: string;
}

export function overviewRoutes(deps: OverviewRouteDeps): Hono {
  const routes = new Hono();
  const collect = () =>
    collectOverview({
      store: deps.store,
      sessionDirs: deps.sessionDirs,
      cache: deps.cache,
      clock: deps.clock,
    });
  routes.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.html(await renderOverviewPage(await collect(), demoOf(deps)));
  });
  routes.get("/sessions", async (c) => {
    c.header("Cache-Control", "no-store");
    const data = await collect();
    const frame = {
      version: data.version,
      store: data.store,
      generatedAt: data.generatedAt,
      ...demoOf(deps),
    };
    const offset = Number(c.req.query("offset") ?? 0) || 0;
    return c.html(await renderDocument(SessionsPage({ frame, sessions: data.sessions, offset })));
  });
  routes.get("/api/overview", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await collect());
  });
  return routes;
}

/** The demo facts every page frame carries. */
function demoOf(deps: OverviewRouteDeps): { inDemo: boolean; demoHref?: string } {
  return { inDemo: deps.readOnly ?? false, demoHref: deps.demoHref };
}
