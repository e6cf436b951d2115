// Store functions for the projects table: register a project on sight, list what keel knows.
import { desc } from "drizzle-orm";
import type { KeelDb, Store } from "./db.ts";
import { type ProjectRow, projects } from "./schema/index.ts";
import { retryBusy } from "./store-errors.ts";

export interface ProjectIdentity {
  id: string;
  root: string;
  identitySource: "git" | "configured";
  name: string;
}

/** Inserts the project, or refreshes its root, name and last-seen time. */
export async function upsertProject(db: KeelDb, project: ProjectIdentity, now: number): Promise<void> {
  await db
    .insert(projects)
    .values({ ...project, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: projects.id,
      set: {
        root: project.root,
        name: project.name,
        identitySource: project.identitySource,
        lastSeenAt: now,
      },
    });
}

export async function listProjects(db: KeelDb): Promise<ProjectRow[]> {
  return db.select().from(projects).orderBy(desc(projects.lastSeenAt));
}

/** Registers the project on sight, retrying a busy store; a read-only store is left as it is (reads still work). */
export async function registerProject(store: Store, project: ProjectIdentity, now: number): Promise<void> {
  if (store.readOnly) return;
  await retryBusy(() => upsertProject(store.db, project, now));
}
