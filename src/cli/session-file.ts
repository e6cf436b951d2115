// The session file a command reads: its branch loaded or one usage error, with each skipped line reported.
import { ExitCode, UserError } from "../core/errors.ts";
import { type LoadedBranch, loadSessionBranch } from "../session/load-branch.ts";
import type { CommandContext } from "./context.ts";

export async function readSessionFile(
  ctx: CommandContext,
  file: string,
  leafId?: string,
): Promise<LoadedBranch> {
  const result = await loadSessionBranch(file, leafId);
  if (!result.ok) throw new UserError(result.reason, ExitCode.usage);
  for (const problem of result.value.problems) ctx.out.info(`keel: ${problem.message}`);
  return result.value;
}
