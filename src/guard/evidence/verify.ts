// keel verify: run a command as evidence and record it: exit code, duration, output digest and redacted
// tail, trust of the exit code, git HEAD and tree hash. Shared by `keel verify`, `/keel verify` and keel_verify.
import type { Clock } from "../../core/clock.ts";
import { scrubSecrets } from "../../core/secrets.ts";
import type { KeelDb } from "../../store/db.ts";
import { type EvidenceRow, recordEvidence } from "../../store/guard-evidence.ts";
import { exitCodeTrust } from "./masking.ts";
import { runEvidenceCommand } from "./run-command.ts";
import { describeStrays } from "./stray-processes.ts";
import { readTreeState } from "./tree-state.ts";

export const TIMEOUT_BOUNDS_S = { min: 1, max: 900, default: 180 };

export interface VerifyRequest {
  projectId: string;
  sessionId: string | null;
  cwd: string;
  command: string;
  timeoutS?: number;
}

export interface VerifyOutcome {
  evidence: EvidenceRow;
  /** Kinds of secrets redacted from the stored command and output. */
  redacted: string[];
  /** Processes the command left outside its process group: killed, or escaped; "" when none. */
  strays: string;
}

export function clampTimeout(seconds: number | undefined): number {
  const value = seconds === undefined || !Number.isFinite(seconds) ? TIMEOUT_BOUNDS_S.default : seconds;
  return Math.min(TIMEOUT_BOUNDS_S.max, Math.max(TIMEOUT_BOUNDS_S.min, Math.round(value)));
}

export async function verifyCommand(
  deps: { db: KeelDb; clock: Clock },
  request: VerifyRequest,
  watch: { onOutput?: (chunk: Buffer) => void } = {},
): Promise<VerifyOutcome> {
  const run = await runEvidenceCommand(request.command, {
    cwd: request.cwd,
    timeoutMs: clampTimeout(request.timeoutS) * 1000,
    clock: deps.clock,
    onOutput: watch.onOutput,
  });
  const tree = readTreeState(request.cwd);
  const strays = describeStrays(run.strays);
  const trust = run.timedOut
    ? {
        trusted: false as const,
        reason: strays ? `the command timed out; ${strays}` : "the command timed out",
      }
    : exitCodeTrust(request.command);
  const command = scrubSecrets(request.command);
  const evidence = await recordEvidence(deps.db, {
    projectId: request.projectId,
    sessionId: request.sessionId,
    command: command.text,
    exitCode: run.exitCode,
    signal: run.signal,
    timedOut: run.timedOut,
    durationMs: run.durationMs,
    outputSha256: run.output.sha256,
    outputBytes: run.output.bytes,
    outputTail: run.output.tail,
    trusted: trust.trusted,
    trustNote: trust.trusted ? null : trust.reason,
    gitHead: tree.head,
    treeHash: tree.treeHash,
    createdAt: deps.clock.now(),
  });
  const redacted = [...new Set([...command.findings.map((f) => f.kind), ...run.output.redacted])];
  return { evidence, redacted, strays };
}
