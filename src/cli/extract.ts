// `keel extract <session.jsonl>`: the deterministic extraction of one branch of a pi session file (goal,
// constraints, decisions, files, errors with resolution, open loops), offline and without a model call.
import type { Command } from "commander";
import { extractBranch } from "../compact/verified/extract/index.ts";
import { renderExtraction } from "../compact/verified/render-extraction.ts";
import type { Register } from "./register.ts";
import { readSessionFile } from "./session-file.ts";

const HELP = `
Paths are relative to the session's working folder. Earlier summaries on the branch are listed as
recaps and never mined for rules. With --json: one document with goal, constraints, decisions, files
{read, modified, deleted}, errors [{command, resolved, …}] and openLoops.

Exit codes: 0 shown; 2 bad input (no such file, not a session, unknown --leaf).`;

export const registerExtract: Register = (program, contextFor) => {
  program
    .command("extract")
    .description("extract goal, rules, decisions, files, errors and open loops from a pi session file")
    .argument("<session>", "pi session JSONL file")
    .option("--leaf <entryId>", "branch ending at this entry (default: the last entry)")
    .addHelpText("after", HELP)
    .action(async (file: string, options: { leaf?: string }, command: Command) => {
      const ctx = contextFor(command);
      const { branch, leafId, session } = await readSessionFile(ctx, file, options.leaf);
      const cwd = session.header?.cwd ?? "";
      const extraction = extractBranch(branch, { cwd });
      ctx.out.result({ file, leafId, cwd, ...extraction }, renderExtraction(extraction));
    });
};
