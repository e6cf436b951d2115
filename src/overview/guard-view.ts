// The data behind the UI's guard page for one project: the effective contract with the layer each rule came
// from, the journal with the owner's entries apart from the agent's, evidence runs with their freshness against
// the project's current tree, open loops, and the scope of the current diff against HEAD.
import { existsSync } from "node:fs";
import type { Clock } from "../core/clock.ts";
import { describeError } from "../core/errors.ts";
import { ok, type Result } from "../core/result.ts";
import { loadEffectiveContract } from "../guard/contract/edit.ts";
import type { EffectiveContract } from "../guard/contract/effective.ts";
import { type EvidenceRow, listEvidence } from "../guard/evidence/records.ts";
import { isStale, readTreeState, type TreeState } from "../guard/evidence/tree-state.ts";
import { type JournalRow, listJournalEntries } from "../guard/journal.ts";
import { type LoopListing, listLoopsForDisplay } from "../guard/loops/records.ts";
import { auditScope, resolveBaseline, type ScopeReport } from "../guard/scope/diff-audit.ts";
import { storeDeps } from "../project/context.ts";
import type { Store } from "../store/db.ts";
import type { ProjectRow } from "../store/schema/index.ts";

export const GUARD_LIST_LIMIT = 100;

export interface GuardEvidence extends EvidenceRow {
  /** "fresh" when the tree is what the run saw; "stale" otherwise; "unknown" outside git. */
  freshness: "fresh" | "stale" | "unknown";
}

export interface GuardView {
  project: ProjectRow;
  contract: EffectiveContract;
  journal: { owner: JournalRow[]; agent: JournalRow[] };
  evidence: GuardEvidence[];
  /** Worst first; `session` is the session id abbreviated to be unique in the list. */
  loops: LoopListing[];
  scope: Result<ScopeReport>;
  tree: TreeState;
}

export interface GuardSources {
  store: Store;
  project: ProjectRow;
  personalContract: string;
  clock: Clock;
}

export async function collectGuardView(sources: GuardSources): Promise<GuardView> {
  const { store, project } = sources;
  const [contract, journal, evidence, loops] = await Promise.all([
    loadEffectiveContract({
      ...storeDeps({ store, clock: sources.clock }),
      projectId: project.id,
      projectRoot: project.root,
      personalContract: sources.personalContract,
    }),
    listJournalEntries(store.db, project.id, { limit: GUARD_LIST_LIMIT }),
    listEvidence(store.db, project.id, GUARD_LIST_LIMIT),
    listLoopsForDisplay(store.db, project.id),
  ]);
  const tree = treeOf(project.root);
  return {
    project,
    contract,
    journal: {
      owner: journal.filter((row) => row.origin === "owner"),
      agent: journal.filter((row) => row.origin === "agent"),
    },
    evidence: evidence.map((row) => ({ ...row, freshness: freshnessOf(row, tree) })),
    loops: loops.slice(0, GUARD_LIST_LIMIT),
    scope: scopeOf(project.root),
    tree,
  };
}

function treeOf(root: string): TreeState {
  if (!existsSync(root)) return { head: null, treeHash: null };
  try {
    return readTreeState(root);
  } catch {
    return { head: null, treeHash: null };
  }
}

function freshnessOf(row: EvidenceRow, tree: TreeState): GuardEvidence["freshness"] {
  if (tree.treeHash === null || row.treeHash === null) return "unknown";
  return isStale(row.treeHash, tree.treeHash) ? "stale" : "fresh";
}

function scopeOf(root: string): GuardView["scope"] {
  if (!existsSync(root)) return { ok: false, reason: `the project folder ${root} is not on this machine` };
  const baseline = resolveBaseline(root);
  if (!baseline.ok) return { ok: false, reason: baseline.reason };
  try {
    return ok(auditScope(root, baseline.value));
  } catch (error) {
    return { ok: false, reason: describeError(error) };
  }
}
