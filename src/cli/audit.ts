// `keel diff` audits the change against a baseline (exit 1 on warn or hard); `keel loops` lists open loops.
import type { Command } from "commander";
import { ExitCode, UserError } from "../core/errors.ts";
import { counted } from "../core/plural.ts";
import { describeLoop, listLoopsForDisplay } from "../guard/loops/records.ts";
import { auditScope, resolveBaseline } from "../guard/scope/diff-audit.ts";
import { withProjectStore } from "./project-store.ts";
import { addVerb, type Register, setExitCode } from "./register.ts";

export const registerAudit: Register = (program, contextFor) => {
  addVerb(program, "diff")
    .option("-b, --baseline <ref>", "commit to compare with", "HEAD")
    .action((options: { baseline: string }, command: Command) => {
      const ctx = contextFor(command);
      const baseline = resolveBaseline(ctx.cwd, options.baseline);
      if (!baseline.ok) throw new UserError(baseline.reason);
      const report = auditScope(ctx.cwd, baseline.value);
      const bound = report.bounded ? "≥" : "";
      ctx.out.result(report, [
        `${ctx.out.tone(report.verdict === "ok" ? "ok" : report.verdict === "warn" ? "warn" : "fail", report.verdict)}: ${bound}+${report.added}/-${report.removed} lines in ${bound}${counted(report.files, "file")} against ${options.baseline} (${baseline.value.slice(0, 10)})`,
        ...report.changed
          .slice(0, 20)
          .map((c) => `  +${c.added}/-${c.removed}  ${c.path}${c.untracked ? " (untracked)" : ""}`),
        ...(report.changed.length > 20 ? [`  … and ${report.changed.length - 20} more`] : []),
        ...(report.bounded ? ["the untracked scan stopped at its bounds: counts are lower bounds"] : []),
        ...report.leftOut.map((f) => `  left out: ${f.path} (${f.what})`),
      ]);
      setExitCode(command, report.verdict === "ok" ? ExitCode.ok : ExitCode.checkFailed);
    });

  addVerb(program, "loops").action(async (_options: unknown, command: Command) => {
    const ctx = contextFor(command);
    await withProjectStore(ctx, async ({ store, project }) => {
      const loops = await listLoopsForDisplay(store.db, project.id);
      ctx.out.result({ loops }, loops.length ? loops.map(describeLoop) : "no open loops");
      setExitCode(command, loops.length ? ExitCode.checkFailed : ExitCode.ok);
    });
  });
};
