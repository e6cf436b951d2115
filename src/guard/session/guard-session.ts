// Guard for one live session (pi or another host): the frozen scope baseline, the loop brake with its
// persisted streaks, the destructive-command screen, and the brief. Hosts translate; the rules live here.
import type { Clock } from "../../core/clock.ts";
import type { KeelDb } from "../../store/db.ts";
import { listEvidence } from "../../store/guard-evidence.ts";
import { listJournal } from "../../store/guard-journal.ts";
import {
  ensureGuardSession,
  loadLoopState,
  saveLoopStreaks,
  setBriefDigest,
} from "../../store/guard-loops.ts";
import { type BriefCut, briefDigest, buildBrief, describeCuts } from "../brief.ts";
import { loadEffectiveContract } from "../contract/edit.ts";
import type { EffectiveContract } from "../contract/effective.ts";
import { screenOptionsFor } from "../destructive/project-view.ts";
import { screenCommand } from "../destructive/screen.ts";
import { isStale, readTreeKey, readTreeState } from "../evidence/tree-state.ts";
import {
  checkAttempt,
  describeRefusalForUser,
  type LoopState,
  openLoops,
  recordOutcome,
  recordRefusal,
} from "../loops/brake.ts";
import { digestFailureOutput } from "../loops/failure-digest.ts";
import { commandFingerprint } from "../loops/fingerprint.ts";
import { describeLoop } from "../loops/records.ts";
import { auditScope, resolveBaseline, type ScopeReport } from "../scope/diff-audit.ts";

export interface GuardScope {
  db: KeelDb;
  clock: Clock;
  projectId: string;
  projectRoot: string;
  sessionId: string;
  cwd: string;
  personalContract: string;
  /** Consecutive failures that block the next identical attempt (0 turns the brake off). */
  blockAfter: number;
}

export interface GuardSessionState {
  baseline: string | null;
  loops: LoopState;
  briefDigest: string | null;
}

export const DEFAULT_BLOCK_AFTER = 3;

/** The brake's threshold: KEEL_LOOP_LIMIT when set (0 turns it off), otherwise the default. */
export const blockAfterOf = (flags: { loopLimit: number | undefined }): number =>
  flags.loopLimit ?? DEFAULT_BLOCK_AFTER;

export async function startGuardSession(scope: GuardScope): Promise<GuardSessionState> {
  const head = resolveBaseline(scope.cwd);
  const session = await ensureGuardSession(scope.db, {
    sessionId: scope.sessionId,
    projectId: scope.projectId,
    baseline: head.ok ? head.value : null,
    briefDigest: null,
    startedAt: scope.clock.now(),
  });
  return {
    baseline: session.baseline,
    loops: await loadLoopState(scope.db, scope.sessionId),
    briefDigest: session.briefDigest,
  };
}

export type BashDecision =
  | { kind: "allow"; treeBefore: string | null }
  | { kind: "confirm"; rule: string; reason: string; treeBefore: string | null }
  /** `notice` is set once per streak: the line to show the user when the brake first refuses it. */
  | { kind: "block"; reason: string; notice?: string };

/**
/**
 * Before a shell command or verify run: the loop brake first (it needs no human), then the destructive screen,
 * which judges deletes by what git says about them in `cwd` (the session's folder unless the run names another).
 * The tree is read only when the command has a streak; a refusal is counted and persisted.
 */
export async function screenShellCommand(
  scope: GuardScope,
  state: GuardSessionState,
  command: string,
  cwd: string = scope.cwd,
): Promise<BashDecision> {
  const streak = state.loops.streaks[commandFingerprint(command)];
  const treeBefore = streak ? readTreeKey(scope.cwd) : null;
  const attempt = checkAttempt(state.loops, command, treeBefore, scope.blockAfter);
  if (!attempt.allow) {
    await persistLoops(scope, state, recordRefusal(state.loops, attempt.fingerprint));
    const notice = attempt.firstRefusal ? describeRefusalForUser(command, attempt.failures) : undefined;
    return { kind: "block", reason: attempt.message, ...(notice ? { notice } : {}) };
  }
  const screen = screenCommand(command, screenOptionsFor(cwd));
  return screen.destructive
    ? { kind: "confirm", rule: screen.rule, reason: `${screen.reason} (${screen.segment})`, treeBefore }
    : { kind: "allow", treeBefore };
}

export interface ShellRun {
  succeeded: boolean;
  /** The output the failure is digested from (pi's tool result text, or the evidence tail). */
  output: string;
  /** What the screen read before the run (null when no streak existed). */
  treeBefore: string | null;
}

/** After a shell command or verify run: extends, restarts or clears its streak and persists the change. */
export async function recordShellOutcome(
  scope: GuardScope,
  state: GuardSessionState,
  command: string,
  run: ShellRun,
): Promise<void> {
  const fingerprint = commandFingerprint(command);
  if (run.succeeded && !state.loops.streaks[fingerprint]) return;
  const next = recordOutcome(state.loops, command, {
    succeeded: run.succeeded,
    treeBefore: run.treeBefore,
    treeAfter: run.succeeded ? null : readTreeKey(scope.cwd),
    digest: run.succeeded ? "" : digestFailureOutput(run.output),
  });
  await persistLoops(scope, state, next);
}

/** Replaces the session's streaks with `next` and writes the ones that changed. */
async function persistLoops(scope: GuardScope, state: GuardSessionState, next: LoopState): Promise<void> {
  const before = state.loops.streaks;
  const touched = [...new Set([...Object.keys(before), ...Object.keys(next.streaks)])].filter(
    (key) => before[key] !== next.streaks[key],
  );
  state.loops = next;
  if (touched.length === 0) return;
  await saveLoopStreaks(
    scope.db,
    { sessionId: scope.sessionId, projectId: scope.projectId, now: scope.clock.now() },
    next,
    touched,
  );
}

/** The session's effective contract (seed, personal, team, project). */
export function contractOf(scope: GuardScope): Promise<EffectiveContract> {
  return loadEffectiveContract(scope);
}

export async function composeBrief(
  scope: GuardScope,
  state: GuardSessionState,
): Promise<{ text: string; digest: string; cuts: BriefCut[] }> {
  const contract = await contractOf(scope);
  const journal = await listJournal(scope.db, scope.projectId, { limit: 30 });
  const [last] = await listEvidence(scope.db, scope.projectId, 1);
  const tree = last ? readTreeState(scope.cwd).treeHash : null;
  const { text, cuts } = buildBrief({
    contract: contract.rules,
    journal: journal.map((j) => ({
      id: j.number,
      type: j.type,
      text: j.text,
      trusted: j.origin === "owner",
    })),
    loops: openLoops(state.loops),
    lastEvidence: last && {
      id: last.number,
      exitCode: last.exitCode,
      durationMs: last.durationMs,
      command: last.command,
      trusted: last.trusted,
      stale: isStale(last.treeHash, tree),
    },
  });
  return { text, digest: briefDigest(text), cuts };
}

/** The brief to inject now, or undefined when the same brief is already in the conversation. */
export async function briefIfChanged(
  scope: GuardScope,
  state: GuardSessionState,
): Promise<string | undefined> {
  const brief = await composeBrief(scope, state);
  if (brief.digest === state.briefDigest) return undefined;
  state.briefDigest = brief.digest;
  await setBriefDigest(scope.db, scope.sessionId, brief.digest);
  return brief.text;
}

/** After a compaction the brief may be gone from the context: forget it was injected. */
export async function forgetBrief(scope: GuardScope, state: GuardSessionState): Promise<void> {
  state.briefDigest = null;
  await setBriefDigest(scope.db, scope.sessionId, null);
}

export interface GuardStatus {
  scope: ScopeReport | null;
  loops: number;
  evidence: number;
}

export async function guardStatus(scope: GuardScope, state: GuardSessionState): Promise<GuardStatus> {
  const evidence = await listEvidence(scope.db, scope.projectId, 1);
  return {
    scope: state.baseline ? auditScope(scope.cwd, state.baseline) : null,
    loops: openLoops(state.loops).filter((l) => l.failures >= Math.max(1, scope.blockAfter - 1)).length,
    evidence: evidence[0]?.number ?? 0,
  };
}

export function renderStatusWidget(status: GuardStatus, contextPercent: number | null): string {
  const s = status.scope;
  const diff = s ? `Δ${s.bounded ? "≥" : ""}+${s.added}/-${s.removed} ${s.files}f` : "Δ n/a";
  const ctx = contextPercent === null ? "" : ` · ctx ${Math.round(contextPercent)}%`;
  return `keel ${diff} · ${status.loops} loop · ev${status.evidence}${ctx}`;
}

/** Guard's lines for `/keel` status: what the brief cut and why, and each streak the brake refused. */
export async function guardStatusLines(scope: GuardScope, state: GuardSessionState): Promise<string[]> {
  const brief = await composeBrief(scope, state);
  const refused = openLoops(state.loops)
    .filter((loop) => loop.refusals > 0)
    .map((loop) => `loop brake: ${describeLoop(loop)}`);
  return [...describeCuts(brief.cuts), ...refused];
}
