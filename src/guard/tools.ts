// The guard tools' engine side, one function per tool, behind the tool definitions in tool-defs.ts (every host)
// and the CLI: each takes a live guard session and typed parameters and answers
// with the text a model reads plus the data behind it. Hosts only translate; no host has a copy of these rules.
import { writeRefusal } from "../session/refusals.ts";
import type { ToolAnswer } from "../tools/define.ts";
import { checkClaim } from "./claim-check.ts";
import { type EvidenceRow, getEvidence, listEvidence } from "./evidence/records.ts";
import { isStale, readTreeState } from "./evidence/tree-state.ts";
import { verifyCommand } from "./evidence/verify.ts";
import { listJournalEntries, writeJournal } from "./journal.ts";
import {
  contractOf,
  type GuardScope,
  type GuardSessionState,
  guardStatus,
  recordShellOutcome,
  renderStatusWidget,
  screenShellCommand,
} from "./session/guard-session.ts";
import type {
  CheckParams,
  EvidenceParams,
  JournalListParams,
  NoteParams,
  VerifyParams,
} from "./tool-schemas.ts";

export interface GuardLive {
  scope: GuardScope;
  state: GuardSessionState;
}

export type { ToolAnswer };

const answer = (text: string, data: unknown, isError = false): ToolAnswer => ({ text, data, isError });

/** Runs a check command as evidence, after the loop brake and the destructive screen (no human to confirm). */
export async function runVerifyTool(live: GuardLive, params: VerifyParams, cwd: string): Promise<ToolAnswer> {
  const { scope, state } = live;
  const decision = await screenShellCommand(scope, state, params.command, cwd);
  // A refusal answers with keel's reason text alone, so the session layer reads it back as a refusal; the user's
  // one-time notice rides along for hosts with a UI.
  if (decision.kind === "block")
    return { ...answer(decision.reason, { notRun: decision }, true), notice: decision.notice };
  if (decision.kind === "confirm")
    return answer(
      writeRefusal("no-ui", `${decision.reason}. Ask the user to run it.`),
      { notRun: decision },
      true,
    );
  const outcome = await verifyCommand(scope, {
    projectId: scope.projectId,
    sessionId: scope.sessionId,
    cwd,
    command: params.command,
    timeoutS: params.timeout_s,
  });
  const row = outcome.evidence;
  await recordShellOutcome(scope, state, params.command, {
    succeeded: row.exitCode === 0,
    output: row.outputTail,
    treeBefore: decision.treeBefore,
  });
  const verdict = row.timedOut ? "timed out" : `exit ${row.exitCode}`;
  const trust = row.trusted ? "" : ` UNTRUSTED (${row.trustNote})`;
  return answer(
    `evidence #${row.number}: ${verdict} in ${(row.durationMs / 1000).toFixed(1)}s${trust}\n${row.outputTail.slice(-2000)}`,
    { evidence: row, redacted: outcome.redacted },
  );
}

/** Journals the agent's note; it is stored as the agent's, shown as unverified until the user confirms it. */
export async function runNoteTool(live: GuardLive, params: NoteParams): Promise<ToolAnswer> {
  const { scope } = live;
  const written = await writeJournal(scope, {
    projectId: scope.projectId,
    sessionId: scope.sessionId,
    origin: "agent",
    ...params,
  });
  if (!written.ok) return answer(`Not journaled: ${written.reason}`, { reason: written.reason }, true);
  const row = written.value;
  return answer(`journaled #${row.number} (${row.type}, agent note: unverified until the user confirms it)`, {
    entry: row,
  });
}

/** Checks a claim against the contract and the latest evidence. */
export async function runCheckTool(live: GuardLive, params: CheckParams, cwd: string): Promise<ToolAnswer> {
  const { scope } = live;
  const contract = await contractOf(scope);
  const [last] = await listEvidence(scope.db, scope.projectId, 1);
  const stale = last ? isStale(last.treeHash, readTreeState(cwd).treeHash) : true;
  const result = checkClaim(
    params.claim,
    contract.rules,
    last && { exitCode: last.exitCode, trusted: last.trusted, stale },
  );
  return answer(JSON.stringify(result, null, 2), result);
}

/** Change size against the session's baseline, open loops and the latest evidence number. */
export async function runStatusTool(live: GuardLive, contextPercent: number | null): Promise<ToolAnswer> {
  const status = await guardStatus(live.scope, live.state);
  return answer(renderStatusWidget(status, contextPercent), status);
}

/** One evidence run in full (with `number`), or the latest runs; each marked stale when the tree changed. */
export async function readEvidence(
  live: GuardLive,
  params: EvidenceParams,
  cwd: string,
): Promise<ToolAnswer> {
  const { scope } = live;
  const tree = readTreeState(cwd).treeHash;
  const mark = (row: EvidenceRow) => ({ ...row, stale: isStale(row.treeHash, tree) });
  if (params.number !== undefined) {
    const row = await getEvidence(scope.db, scope.projectId, params.number);
    if (!row) return answer(`no evidence #${params.number} in this project`, null, true);
    return answer(JSON.stringify(mark(row)), { evidence: mark(row) });
  }
  const rows = (await listEvidence(scope.db, scope.projectId, params.limit ?? 10)).map(mark);
  return answer(JSON.stringify(rows), { evidence: rows });
}

/** The project's journal, newest first. */
export async function readJournal(live: GuardLive, params: JournalListParams): Promise<ToolAnswer> {
  const rows = await listJournalEntries(live.scope.db, live.scope.projectId, params);
  const shown = rows.map((row) => ({ ...row, verified: row.origin === "owner" }));
  return answer(JSON.stringify(shown), { journal: shown });
}
