// Overview routes: `GET /` renders the page, `GET /api/overview` returns the same data as JSON.

import { Hono } from "hono";
import type { Clock } from "../../core/clock.ts";
import { collectOverview } from "../../overview/overview-data.ts";
import type { SessionSummaryCache } from "../../session/session-files.ts";
import type { Store } from "../../store/db.ts";
import { renderOverviewPage } from "../ui/pages/overview.tsx";

export interface OverviewRouteDeps {
  store: Store;
  sessionDirs: readonly string[];
  /** Shared across requests so unchanged session files are read once. */
  cache: SessionSummaryCache;
  clock?: Clock;
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
    return c.html(await renderOverviewPage(await collect()));
  });
  routes.get("/api/overview", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await collect());
  });
  return routes;
}
