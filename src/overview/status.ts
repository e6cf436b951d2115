// The status every surface shows (CLI, /keel, UI): project, store, and the compactions keel recorded.

import type { Result } from "../core/result.ts";
import { KEEL_VERSION } from "../core/version.ts";
import { countCompactions, listCompactions } from "../store/compactions.ts";
import type { Store } from "../store/db.ts";
import type { ProjectIdentity } from "../store/projects.ts";
import type { CompactionRow } from "../store/schema/index.ts";

export interface KeelStatus {
  version: string;
  project: ProjectIdentity | null;
  projectError?: string;
  store: { location: string; driver: string };
  compactions: { total: number; recent: CompactionRow[] };
}

export async function collectStatus(
  store: Store,
  identity: Result<ProjectIdentity>,
  limit = 5,
): Promise<KeelStatus> {
  const project = identity.ok ? identity.value : null;
  const total = project ? await countCompactions(store.db, project.id) : 0;
  const recent = project ? await listCompactions(store.db, { projectId: project.id, limit }) : [];
  return {
    version: KEEL_VERSION,
    project,
    ...(identity.ok ? {} : { projectError: identity.reason }),
    store: { location: store.location, driver: store.driver },
    compactions: { total, recent },
  };
}

export function renderStatusLines(status: KeelStatus): string[] {
  const p = status.project;
  return [
    `keel ${status.version}`,
    p
      ? `project  ${p.name}  ${p.root}  (${p.id.slice(0, 12)})`
      : `project  none: ${status.projectError ?? "unknown"}`,
    `store    ${status.store.location} (${status.store.driver})`,
    `compactions recorded for this project: ${status.compactions.total}`,
    ...status.compactions.recent.map(
      (c) =>
        `  ${new Date(c.createdAt).toISOString()}  ${c.strategy} · ${c.reason} · session ${c.sessionId.slice(0, 8)} · ${c.tokensBefore ?? "?"} tokens before`,
    ),
  ];
}
