// Session routes: the session page, its compaction views, and the small version endpoint the live script polls.
// Each reads the session file once per request; the views are built in src/overview/.
import { type Context, Hono } from "hono";
import { buildCompactionView } from "../../overview/compaction-view.ts";
import {
  buildSessionView,
  fileVersion,
  findSessionFile,
  loadSession,
  searchTimeline,
} from "../../overview/session-view.ts";
import { refuse } from "../refusal.ts";
import { CompactionPage } from "../ui/pages/compaction.tsx";
import { SessionPage } from "../ui/pages/session.tsx";
import { renderDocument } from "../ui/render.ts";
import { pageFrame, type UiDeps } from "./deps.ts";

export function sessionRoutes(deps: UiDeps): Hono {
  const routes = new Hono();
  routes.get("/sessions/:id", async (c) => {
    const file = await findSessionFile(deps, c.req.param("id"));
    if (!file) return notFound(c, "no session file with this id in the searched folders");
    const loaded = await loadSession(file, deps.parsed);
    if (!loaded.ok) return notFound(c, loaded.reason);
    const view = buildSessionView(file, loaded.value, {
      search: await searchTimeline(loaded.value, c.req.query("q")),
      offset: Number(c.req.query("offset") ?? 0),
      now: new Date(deps.clock.now()).toISOString(),
    });
    c.header("Cache-Control", "no-store");
    return c.html(
      await renderDocument(<SessionPage frame={pageFrame(deps)} view={view} routeKey={c.req.param("id")} />),
    );
  });
  routes.get("/sessions/:id/compactions/:entryId", async (c) => {
    const file = await findSessionFile(deps, c.req.param("id"));
    if (!file) return notFound(c, "no session file with this id in the searched folders");
    const loaded = await loadSession(file, deps.parsed);
    if (!loaded.ok) return notFound(c, loaded.reason);
    const built = buildCompactionView(loaded.value, c.req.param("entryId"));
    if (!built.ok) return notFound(c, built.reason);
    c.header("Cache-Control", "no-store");
    return c.html(
      await renderDocument(
        <CompactionPage frame={pageFrame(deps)} sessionId={c.req.param("id")} view={built.value} />,
      ),
    );
  });
  routes.get("/api/sessions/:id/version", async (c) => {
    c.header("Cache-Control", "no-store");
    const file = await findSessionFile(deps, c.req.param("id"));
    return file ? c.json({ version: fileVersion(file) }) : c.json({ error: "no such session" }, 404);
  });
  return routes;
}

function notFound(_c: Context, reason: string): never {
  return refuse(404, reason);
}
