// `keel orientation`, `keel preflight` and `keel budget`: where the project stands, whether guard can work
// here, and what keel's injected text costs against its caps.
import type { Command } from "commander";
import { ExitCode } from "../core/errors.ts";
import { counted } from "../core/plural.ts";
import { BRIEF_LIMITS, describeCuts } from "../guard/brief.ts";
import { loadEffectiveContract } from "../guard/contract/edit.ts";
import { listEvidence } from "../guard/evidence/records.ts";
import { listJournalEntries } from "../guard/journal.ts";
import { conventionFiles, preflight, readGitState } from "../guard/orientation.ts";
import { composeBrief } from "../guard/session/guard-session.ts";
import { guardScope } from "../guard/session/scope-of.ts";
import { withProjectStore } from "./project-store.ts";
import { addVerb, type Register, setExitCode } from "./register.ts";

export const registerOrientation: Register = (program, contextFor) => {
  addVerb(program, "orientation").action(async (_options: unknown, command: Command) => {
    const ctx = contextFor(command);
    await withProjectStore(ctx, async (owner) => {
      const { store, project } = owner;
      const git = readGitState(project.root);
      const contract = await loadEffectiveContract(guardScope(owner));
      const journal = await listJournalEntries(store.db, project.id, { limit: 1000 });
      const [last] = await listEvidence(store.db, project.id, 1);
      const conventions = conventionFiles(project.root);
      ctx.out.result(
        {
          project,
          git,
          conventions,
          contractRules: contract.rules.length,
          journalEntries: journal.length,
          lastEvidence: last ?? null,
        },
        [
          `project      ${project.name}  ${project.root}`,
          `git          ${git.repo ? `${git.branch ?? "(detached)"} @ ${git.head?.slice(0, 10) ?? "no commits"}, ${git.dirtyFiles} changed files` : "not a repository"}`,
          `conventions  ${conventions.length ? conventions.join(", ") : "none found"}`,
          `contract     ${counted(contract.rules.length, "rule")}${contract.problems.length ? ` (${counted(contract.problems.length, "file problem")})` : ""}`,
          `journal      ${counted(journal.length, "entry", "entries")}`,
          `evidence     ${last ? `#${last.number} exit ${last.exitCode ?? "none"}: ${last.command}` : "none yet"}`,
        ],
      );
    });
  });

  addVerb(program, "preflight").action((_options: unknown, command: Command) => {
    const ctx = contextFor(command);
    const checks = preflight(ctx.cwd, ctx.paths.personalContract);
    const ok = checks.every((c) => c.ok);
    ctx.out.result(
      { ok, checks },
      checks.map((c) => `${c.ok ? "ok  " : "FAIL"}  ${c.name}: ${c.detail}`),
    );
    setExitCode(command, ok ? ExitCode.ok : ExitCode.checkFailed);
  });

  addVerb(program, "budget").action(async (_options: unknown, command: Command) => {
    const ctx = contextFor(command);
    await withProjectStore(ctx, async (owner) => {
      const brief = await composeBrief(guardScope(owner), {
        baseline: null,
        loops: { streaks: {} },
        briefDigest: null,
      });
      const tokens = Math.ceil(brief.text.length / 4);
      const result = {
        briefChars: brief.text.length,
        briefTokensEstimate: tokens,
        limits: BRIEF_LIMITS,
        cuts: brief.cuts,
      };
      ctx.out.result(result, [
        `brief: ${brief.text.length} characters (~${tokens} tokens at 4 characters per token)`,
        ...describeCuts(brief.cuts),
        `caps: contract ${BRIEF_LIMITS.contractChars} characters (people's rules always in full, then seeds, then agent rules), ${BRIEF_LIMITS.decisions} decisions, ${BRIEF_LIMITS.corrections} corrections, ${BRIEF_LIMITS.lessons} lessons, ${BRIEF_LIMITS.agentNotes} agent notes, ${BRIEF_LIMITS.loops} loops; ${BRIEF_LIMITS.text} characters per line (${BRIEF_LIMITS.agentText} for agent text)`,
      ]);
    });
  });
};
