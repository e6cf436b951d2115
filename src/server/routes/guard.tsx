// Read-only summary routes: the guard page of one project (contract, journal, evidence, loops, diff scope) and
// the dashboard over every recorded compaction.
import { Hono } from "hono";
import { collectDashboard } from "../../overview/dashboard-data.ts";
import { collectGuardView } from "../../overview/guard-view.ts";
import { findProject } from "../../overview/project-of.ts";
import { refuse } from "../refusal.ts";
import { DashboardPage } from "../ui/pages/dashboard.tsx";
import { GuardPage } from "../ui/pages/guard.tsx";
import { renderDocument } from "../ui/render.ts";
import { pageFrame, type UiDeps } from "./deps.ts";

export function guardRoutes(deps: UiDeps): Hono {
  const routes = new Hono();
  routes.get("/projects/:pid/guard", async (c) => {
    const project = await findProject(deps.store, c.req.param("pid"));
    c.header("Cache-Control", "no-store");
    if (!project) return refuse(404, "no such project");
    const view = await collectGuardView({
      store: deps.store,
      project,
      personalContract: deps.personalContract,
      clock: deps.clock,
    });
    return c.html(await renderDocument(<GuardPage frame={pageFrame(deps)} view={view} />));
  });
  routes.get("/dashboard", async (c) => {
    c.header("Cache-Control", "no-store");
    const data = await collectDashboard(deps.store);
    return c.html(await renderDocument(<DashboardPage frame={pageFrame(deps)} data={data} />));
  });
  return routes;
}
