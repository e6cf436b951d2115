// Storage routes (read-only): the list of spilled artifacts and one artifact a page at a time. The data comes from
// src/overview/storage-view.ts over recall/artifacts; these only parse the query and render.
import { Hono } from "hono";
import { buildArtifactView, buildStorageView } from "../../overview/storage-view.ts";
import type { StorageSources } from "../../recall/artifacts/browse.ts";
import { refuse } from "../refusal.ts";
import { ArtifactPage } from "../ui/pages/artifact.tsx";
import { StoragePage } from "../ui/pages/storage.tsx";
import { renderDocument } from "../ui/render.ts";
import { pageFrame, type UiDeps } from "./deps.ts";

export function storageRoutes(deps: UiDeps): Hono {
  const routes = new Hono();
  const root = deps.artifactsDir;
  if (root === undefined) {
    const none = () => refuse(404, "this server was started without an artifact folder");
    routes.get("/storage", none);
    routes.get("/storage/*", none);
    return routes;
  }
  const sources: StorageSources = {
    root,
    sessionDirs: deps.sessionDirs,
    cache: deps.cache,
    folders: deps.folders,
    spills: deps.spills,
  };
  routes.get("/storage", async (c) => {
    const view = await buildStorageView(sources, Number(c.req.query("offset") ?? 0));
    c.header("Cache-Control", "no-store");
    return c.html(await renderDocument(<StoragePage frame={pageFrame(deps)} view={view} />));
  });
  routes.get("/storage/:origin/:sha", async (c) => {
    const from = Number(c.req.query("from") ?? 0);
    const built = await buildArtifactView(sources, c.req.param("origin"), c.req.param("sha"), from);
    if (!built.ok) return refuse(404, `artifact: ${built.reason}`);
    c.header("Cache-Control", "no-store");
    return c.html(await renderDocument(<ArtifactPage frame={pageFrame(deps)} view={built.value} />));
  });
  return routes;
}
