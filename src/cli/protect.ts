// `keel protect <session.jsonl>`: what one branch of a pi session file protects and how each compaction on it
// verified, offline. The text is the same as `/keel protect status` and `list` in pi; nothing is written.
import type { Command } from "commander";
import { ExitCode } from "../core/errors.ts";
import { restoreLifecycle } from "../protect/lifecycle.ts";
import { loadProtectState } from "../protect/load.ts";
import { renderList, renderStatus } from "../protect/render.ts";
import type { VerificationSummary } from "../protect/types.ts";
import { addVerb, type Register, setExitCode } from "./register.ts";
import { readSessionFile } from "./session-file.ts";

const HELP = `
The registry is the branch's latest keel.protect.state entry (or, without one, an imported
agent-context-guard-state entry). Verifications are the ones keel recorded after each compaction.

Exit codes: 0 shown; 1 the saved state is unreadable, or the latest verification lost critical items
that were not restored; 2 bad input (no such file, not a session, unknown --leaf).`;

const SOURCES = {
  keel: "keel's saved state",
  original: "imported from agent-context-guard-state",
  none: "no saved state",
} as const;

function verificationLine(v: VerificationSummary): string {
  const lost = v.lostIds.length > 0 ? `; lost: ${v.lostIds.join(", ")}` : "";
  const restored = v.recoveredIds.length > 0 ? `; restored: ${v.recoveredIds.join(", ")}` : "";
  return `  compaction ${v.compactionId} (${v.at}): ${v.preserved} preserved, ${v.lost} lost, ${v.criticalFailures} critical failure(s)${lost}${restored}`;
}

export const registerProtect: Register = (program, contextFor) => {
  addVerb(program, "protect")
    .argument("<session>", "pi session JSONL file")
    .option("--leaf <entryId>", "branch ending at this entry (default: the last entry)")
    .addHelpText("after", HELP)
    .action(async (file: string, options: { leaf?: string }, command: Command) => {
      const ctx = contextFor(command);
      const { branch, leafId } = await readSessionFile(ctx, file, options.leaf);
      const loaded = loadProtectState(branch, new Date(ctx.clock.now()).toISOString());
      const { pending, verifications } = restoreLifecycle(branch);
      const last = verifications.at(-1);
      const unrestored = last ? last.criticalFailures - last.recoveredIds.length : 0;
      const failing = loaded.degraded || unrestored > 0;
      const text = [
        `${file}: ${SOURCES[loaded.source]}${loaded.degraded ? " (unreadable)" : ""}`,
        ...(loaded.warning ? [loaded.warning] : []),
        renderStatus(loaded.state, {
          degraded: loaded.degraded,
          lastVerification: last,
          verificationPending: pending !== undefined,
        }),
        "",
        renderList(loaded.state),
        "",
        verifications.length === 0
          ? "No verification recorded on this branch."
          : `Verifications on this branch, oldest first:\n${verifications.map(verificationLine).join("\n")}`,
      ];
      ctx.out.result(
        {
          ok: !failing,
          file,
          leafId,
          source: loaded.source,
          degraded: loaded.degraded,
          warning: loaded.warning ?? null,
          state: loaded.state,
          verifications,
          pendingVerification: pending ? { compactionId: pending.compactionId } : null,
        },
        text,
      );
      setExitCode(command, failing ? ExitCode.checkFailed : ExitCode.ok);
    });
};
