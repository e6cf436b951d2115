// `keel verify "<cmd>"` runs a command as evidence; `keel evidence [number]` lists or shows recorded runs.
import type { Command } from "commander";
import { ExitCode } from "../core/errors.ts";
import { redact } from "../core/secrets.ts";
import { liveOutput } from "../guard/evidence/live-output.ts";
import type { EvidenceRow } from "../guard/evidence/records.ts";
import { TIMEOUT_BOUNDS_S, verifyCommand } from "../guard/evidence/verify.ts";
import { LIST_PAGE, ROW_MAX } from "../guard/tool-schemas.ts";
import { storeDeps } from "../project/context.ts";
import { intOption } from "./parse.ts";
import { runOwnerTool, withProjectStore } from "./project-store.ts";
import { addVerb, type Register, setExitCode } from "./register.ts";

type Stale = EvidenceRow & { stale: boolean };

export function describeEvidence(row: EvidenceRow, stale: boolean): string {
  const outcome = row.timedOut ? "timed out" : `exit ${row.exitCode ?? row.signal ?? "?"}`;
  const flags = [
    row.trusted ? "" : `untrusted: ${row.trustNote}`,
    stale ? "stale: the tree changed since" : "",
  ].filter(Boolean);
  return `#${row.number} ${outcome} in ${(row.durationMs / 1000).toFixed(1)}s  ${row.command}${flags.length ? `  (${flags.join("; ")})` : ""}`;
}

export const registerVerify: Register = (program, contextFor) => {
  addVerb(program, "verify")
    .argument("<command...>", "the command line; quote it as one argument")
    .option(
      "-t, --timeout <seconds>",
      `time limit (${TIMEOUT_BOUNDS_S.min}–${TIMEOUT_BOUNDS_S.max})`,
      intOption("--timeout", TIMEOUT_BOUNDS_S),
      TIMEOUT_BOUNDS_S.default,
    )
    .action(async (words: string[], options: { timeout: number }, command: Command) => {
      const ctx = contextFor(command);
      const timeoutS = options.timeout;
      await withProjectStore(ctx, async (owner) => {
        ctx.out.info(`running: ${redact(words.join(" "))}`);
        // The output streams to stderr as it comes (redacted, terminal-safe); stdout keeps the result alone.
        const live = liveOutput((line) => ctx.out.info(`│ ${line}`));
        const outcome = await verifyCommand(
          storeDeps(owner),
          { projectId: owner.project.id, sessionId: null, cwd: ctx.cwd, command: words.join(" "), timeoutS },
          { onOutput: ctx.out.json ? undefined : (chunk) => live.push(chunk) },
        );
        live.end();
        const row = outcome.evidence;
        ctx.out.result({ evidence: row, redacted: outcome.redacted }, [
          describeEvidence(row, false),
          ...(outcome.redacted.length ? [`redacted before storing: ${outcome.redacted.join(", ")}`] : []),
          row.outputTail
            ? `--- last ${row.outputTail.length} characters of output ---\n${row.outputTail.trimEnd()}`
            : "(no output)",
        ]);
        const passed = row.exitCode === 0 && row.trusted;
        setExitCode(command, passed ? ExitCode.ok : ExitCode.checkFailed);
      });
    });

  addVerb(program, "evidence")
    .argument("[number]", "an evidence number to show", intOption("number", { min: 1, max: ROW_MAX }))
    .option("-n, --limit <count>", "how many runs to list", intOption("--limit", LIST_PAGE), 10)
    .action(async (wanted: number | undefined, options: { limit: number }, command: Command) => {
      const ctx = contextFor(command);
      await withProjectStore(ctx, async (owner) => {
        const args = wanted !== undefined ? { number: wanted } : { limit: options.limit };
        const { evidence } = await runOwnerTool<{ evidence: Stale | Stale[] }>(owner, "keel_evidence", args);
        if (!Array.isArray(evidence)) {
          ctx.out.result({ evidence, stale: evidence.stale }, [
            describeEvidence(evidence, evidence.stale),
            `output sha256 ${evidence.outputSha256} (${evidence.outputBytes} bytes)`,
            evidence.outputTail,
          ]);
          return;
        }
        ctx.out.result(
          { evidence },
          evidence.length
            ? evidence.map((row) => describeEvidence(row, row.stale))
            : ['no evidence yet: run `keel verify "<command>"`'],
        );
      });
    });
};
