// Finds a project keel has seen by its id, for the UI's per-project pages (memory, guard).
import type { Store } from "../store/db.ts";
import { listProjects } from "../store/projects.ts";
import type { ProjectRow } from "../store/schema/index.ts";

export async function findProject(store: Store, projectId: string): Promise<ProjectRow | undefined> {
  return (await listProjects(store.db)).find((p) => p.id === projectId);
}
