// Memory routes for one project: search with filters, the record view, and the mutations a person makes from
// the page (record, pin/unpin, supersede), each through src/memory's services and only after a confirmation.
// CSRF and origin checks run before any POST reaches here (csrf.ts).
import { type Context, Hono } from "hono";
import { fail, ok, type Result } from "../../core/result.ts";
import { callMemory, type MemoryAction, type MemoryToolParams } from "../../memory/actions.ts";
import { planMemoryCleanup } from "../../memory/cleanup.ts";
import { searchMemory } from "../../memory/meaning/hybrid-search.ts";
import {
  MEMORY_CATEGORIES,
  MEMORY_KINDS,
  MEMORY_LIMITS,
  type MemoryKind,
  type RecordInput,
} from "../../memory/model.ts";
import type { MemoryDeps } from "../../memory/policy.ts";
import { readMemory } from "../../memory/records.ts";
import { memoryStatus } from "../../memory/status.ts";
import { findProject } from "../../overview/project-of.ts";
import { storeDeps } from "../../project/context.ts";
import { refuse } from "../refusal.ts";
import { type MemoryFilters, MemoryPage } from "../ui/pages/memory.tsx";
import { MemoryRecordPage } from "../ui/pages/memory-record.tsx";
import { renderDocument } from "../ui/render.ts";
import { pageFrame, type UiDeps } from "./deps.ts";

const STATUS_FILTERS = ["active", "superseded", "all"] as const;

export function memoryRoutes(deps: UiDeps): Hono {
  const routes = new Hono();
  const memory: MemoryDeps = storeDeps(deps);
  routes.get("/projects/:pid/memory", async (c) => {
    const project = await findProject(deps.store, c.req.param("pid"));
    if (!project) return refuse(404, "no such project");
    const filters = filtersOf(c);
    const [found, status, plan] = await Promise.all([
      searchMemory(memory, project.id, {
        query: filters.q,
        kinds: filters.kind ? [filters.kind] : undefined,
        includeSuperseded: filters.status !== "active",
        limit: 50,
      }),
      memoryStatus(memory, project.id),
      planMemoryCleanup(memory, project.id, 0),
    ]);
    const results = found.ok
      ? found.value.results.filter(
          (hit) =>
            (filters.status !== "superseded" || hit.status === "superseded") &&
            (!filters.tag || hit.tags.includes(filters.tag)),
        )
      : [];
    const page = (
      <MemoryPage
        frame={pageFrame(deps)}
        project={project}
        filters={filters}
        results={results}
        error={found.ok ? null : found.reason.message}
        status={status}
        plan={plan.ok ? plan.value : null}
        csrf={deps.csrfToken}
        readOnly={deps.readOnly}
        notice={c.req.query("done") ?? null}
      />
    );
    c.header("Cache-Control", "no-store");
    return c.html(await renderDocument(page));
  });
  routes.get("/projects/:pid/memory/:rid", async (c) => {
    const project = await findProject(deps.store, c.req.param("pid"));
    if (!project) return refuse(404, "no such project");
    const read = await readMemory(memory, project.id, c.req.param("rid"));
    if (!read.ok) return refuse(404, read.reason.message);
    const page = (
      <MemoryRecordPage
        frame={pageFrame(deps)}
        project={project}
        read={read.value}
        csrf={deps.csrfToken}
        readOnly={deps.readOnly}
        notice={c.req.query("done") ?? null}
      />
    );
    c.header("Cache-Control", "no-store");
    return c.html(await renderDocument(page));
  });
  addActions(routes, deps, memory);
  return routes;
}

/**
 * The POST routes: each runs the memory tool's action (callMemory: keel_memory's schema, checks and errors) as the
 * owner, behind the read-only check and the confirmation box, which is also the person's approval of an unpin.
 */
function addActions(routes: Hono, deps: UiDeps, memory: MemoryDeps): void {
  const act = <A extends MemoryAction>(
    projectId: string,
    params: { action: A } & Omit<MemoryToolParams, "action">,
  ) =>
    callMemory(
      memory,
      { projectId, origin: "owner", provenance: NO_PROVENANCE, approve: async () => true },
      params,
    );
  routes.post("/projects/:pid/memory", (c) =>
    mutate(c, deps, async (projectId, form) => {
      const result = await act(projectId, { action: "record", record: recordInput(form) });
      return result.ok
        ? ok({ to: `/projects/${projectId}/memory/${result.value.record.id}`, done: "recorded" })
        : fail(result.reason.message);
    }),
  );
  routes.post("/projects/:pid/memory/:rid/retention", (c) =>
    mutate(c, deps, async (projectId, form) => {
      const id = c.req.param("rid");
      const pinned = form.pinned === "true";
      const result = await act(projectId, { action: "retention", id, retention: { pinned } });
      return result.ok
        ? ok({ to: `/projects/${projectId}/memory/${id}`, done: pinned ? "pinned" : "unpinned" })
        : fail(result.reason.message);
    }),
  );
  routes.post("/projects/:pid/memory/:rid/supersede", (c) =>
    mutate(c, deps, async (projectId, form) => {
      const id = c.req.param("rid");
      const by = (form.by ?? "").trim();
      const result = await act(projectId, { action: "supersede", oldId: id, newId: by });
      return result.ok
        ? ok({ to: `/projects/${projectId}/memory/${id}`, done: `superseded by ${by}` })
        : fail(result.reason.message);
    }),
  );
}

const NO_PROVENANCE = { sessionId: null, head: null, worktree: null };

type Outcome = Result<{ to: string; done: string }>;

/** The shared shape of every memory mutation: read-only check, project, confirmation, then redirect. */
async function mutate(
  c: Context,
  deps: UiDeps,
  work: (projectId: string, form: Record<string, string>) => Promise<Outcome>,
): Promise<Response> {
  if (deps.readOnly) return refuse(403, "this is the read-only demo: nothing can be changed here");
  const project = await findProject(deps.store, c.req.param("pid") ?? "");
  if (!project) return refuse(404, "no such project");
  const form = stringFields(await c.req.parseBody());
  if (form.confirm !== "yes") return refuse(400, "confirm the change (tick the box) before submitting");
  const outcome = await work(project.id, form);
  if (!outcome.ok) return refuse(400, outcome.reason);
  const { to, done } = outcome.value;
  return c.redirect(`${to}?done=${encodeURIComponent(done)}`, 303);
}

/**
 * The form's text fields, none cut: a field longer than the memory service's largest field (the body's bound) is
 * refused by name; the service then checks each field against its own limit and names it when it refuses.
 */
export const FORM_FIELD_MAX = MEMORY_LIMITS.bodyBytes;

function stringFields(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== "string") continue;
    if (value.length > FORM_FIELD_MAX)
      refuse(
        400,
        `the field "${key.slice(0, 40)}" has ${value.length} characters, over the limit of ${FORM_FIELD_MAX}; nothing was changed`,
      );
    out[key] = value;
  }
  return out;
}

function recordInput(form: Record<string, string>): RecordInput {
  const tags = (form.tags ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    title: form.title ?? "",
    body: form.body ?? "",
    kind: (form.kind ?? "note") as MemoryKind,
    category: (MEMORY_CATEGORIES as readonly string[]).includes(form.category ?? "")
      ? (form.category as RecordInput["category"])
      : "other",
    ...(tags.length > 0 ? { tags } : {}),
  };
}

function filtersOf(c: Context): MemoryFilters {
  const kind = c.req.query("kind");
  const status = c.req.query("status");
  return {
    q: (c.req.query("q") ?? "").slice(0, 500),
    kind: (MEMORY_KINDS as readonly string[]).includes(kind ?? "") ? (kind as MemoryKind) : null,
    tag: (c.req.query("tag") ?? "").trim().slice(0, 64) || null,
    status: (STATUS_FILTERS as readonly string[]).includes(status ?? "")
      ? (status as MemoryFilters["status"])
      : "active",
  };
}
