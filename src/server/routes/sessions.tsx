// Session routes: the session page (conversation or raw entries), its compaction views, one entry in full, and the small version endpoint the live script polls.
// Each reads the session file once per request; the views are built in src/overview/.
import { type Context, Hono } from "hono";
import { listBranchChoices } from "../../overview/branch-choices.ts";
import { buildCompactionView } from "../../overview/compaction-view.ts";
import { buildConversationView } from "../../overview/conversation-view.ts";
import { buildEntryView } from "../../overview/entry-view.ts";
import { tokensAfterInSession } from "../../overview/recorded-tokens.ts";
import {
  buildSessionView,
  fileVersion,
  findSessionFile,
  loadSession,
  searchTimeline,
} from "../../overview/session-view.ts";
import type { ParsedSession } from "../../session/parse.ts";
import { refuse } from "../refusal.ts";
import { CompactionPage } from "../ui/pages/compaction.tsx";
import { EntryPage } from "../ui/pages/entry.tsx";
import { SessionPage } from "../ui/pages/session.tsx";
import { renderDocument } from "../ui/render.ts";
import { pageFrame, type UiDeps } from "./deps.ts";

const MAX_ID_CHARS = 128;

export function sessionRoutes(deps: UiDeps): Hono {
  const routes = new Hono();
  routes.get("/sessions/:id", async (c) => {
    const file = await findSessionFile(deps, c.req.param("id"));
    if (!file) return notFound(c, "no session file with this id in the searched folders");
    const loaded = await loadSession(file, deps.parsed);
    if (!loaded.ok) return notFound(c, loaded.reason);
    const entries = c.req.query("view") === "entries" || c.req.query("q") !== undefined;
    const offset = Number(c.req.query("offset") ?? 0);
    const tokensAfter = await tokensAfterInSession(deps.store, loaded.value);
    const leaf = pickedLeaf(c.req.query("leaf"), loaded.value);
    const view = buildSessionView(file, loaded.value, {
      tokensAfter,
      search: entries ? await searchTimeline(loaded.value, c.req.query("q")) : undefined,
      offset: entries ? offset : 0,
      timeline: entries,
      now: new Date(deps.clock.now()).toISOString(),
      leafId: leaf,
    });
    const conversation = entries
      ? undefined
      : buildConversationView(loaded.value, { offset, leafId: leaf, tokensAfter });
    c.header("Cache-Control", "no-store");
    return c.html(
      await renderDocument(
        <SessionPage
          frame={pageFrame(deps)}
          view={view}
          routeKey={c.req.param("id")}
          conversation={conversation}
          branches={listBranchChoices(loaded.value)}
          leaf={leaf}
        />,
      ),
    );
  });
  routes.get("/sessions/:id/compactions/:entryId", async (c) => {
    const file = await findSessionFile(deps, c.req.param("id"));
    if (!file) return notFound(c, "no session file with this id in the searched folders");
    const loaded = await loadSession(file, deps.parsed);
    if (!loaded.ok) return notFound(c, loaded.reason);
    const entryId = c.req.param("entryId");
    const recorded = await tokensAfterInSession(deps.store, loaded.value);
    const built = buildCompactionView(loaded.value, entryId, recorded.get(entryId));
    if (!built.ok) return notFound(c, built.reason);
    c.header("Cache-Control", "no-store");
    return c.html(
      await renderDocument(
        <CompactionPage frame={pageFrame(deps)} sessionId={c.req.param("id")} view={built.value} />,
      ),
    );
  });
  routes.get("/sessions/:id/entries/:entryId", async (c) => {
    const file = await findSessionFile(deps, c.req.param("id"));
    if (!file) return notFound(c, "no session file with this id in the searched folders");
    const loaded = await loadSession(file, deps.parsed);
    if (!loaded.ok) return notFound(c, loaded.reason);
    const built = buildEntryView(loaded.value, c.req.param("entryId"), {
      from: Number(c.req.query("from") ?? 0),
    });
    if (!built.ok) return notFound(c, built.reason);
    c.header("Cache-Control", "no-store");
    return c.html(
      await renderDocument(
        <EntryPage frame={pageFrame(deps)} routeKey={c.req.param("id")} view={built.value} />,
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

/** The `?leaf=` pick: absent or empty means pi's current leaf; an id not in the file is a 404 that says so. */
function pickedLeaf(raw: string | undefined, session: ParsedSession): string | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (raw.length > MAX_ID_CHARS || !session.byId.has(raw))
    return refuse(
      404,
      `no entry with id ${JSON.stringify(raw.slice(0, 40))} in this session to show a branch from`,
    );
  return raw;
}

function notFound(_c: Context, reason: string): never {
  return refuse(404, reason);
}
