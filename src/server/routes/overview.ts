// Overview routes: `GET /` renders the page, `GET /api/overview` returns the same data as JSON.

import { Hono } from "hono";
import { type Clock, systemClock } from "../../core/clock.ts";
import { KEEL_VERSION } from "../../core/version.ts";
import { collectOverview, collectSessionList } from "../../overview/overview-data.ts";
import type { Store } from "../../project/open.ts";
import type { SessionSummaryCache } from "../../session/session-files.ts";
import type { SessionFolderCache } from "../../session/session-folders.ts";
import { renderOverviewPage } from "../ui/pages/overview.tsx";
import { SessionsPage } from "../ui/pages/sessions.tsx";
import { renderDocument } from "../ui/render.ts";

export interface OverviewRouteDeps {
  store: Store;
  sessionDirs: readonly string[];
  /** Shared across requests so unchanged session files are read once. */
  cache: SessionSummaryCache;
  /** Session folder listings, kept while each folder is unchanged. */
  folders?: SessionFolderCache;
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
      folders: deps.folders,
      clock: deps.clock,
    });
  routes.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.html(await renderOverviewPage(await collect(), demoOf(deps)));
  });
  routes.get("/sessions", async (c) => {
    c.header("Cache-Control", "no-store");
    // The list alone: files and recorded counts per session, not the overview's projects and compactions.
    const sessions = await collectSessionList(deps);
    const frame = {
      version: KEEL_VERSION,
      store: { location: deps.store.location, driver: deps.store.driver },
      generatedAt: (deps.clock ?? systemClock).now(),
      ...demoOf(deps),
    };
    const offset = Number(c.req.query("offset") ?? 0) || 0;
    return c.html(await renderDocument(SessionsPage({ frame, sessions, offset })));
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
