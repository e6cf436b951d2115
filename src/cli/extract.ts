// `keel extract <session.jsonl>`: the deterministic extraction of a pi session file (goal, current request,
// constraints, decisions, files, errors with resolution, open loops), offline and without a model call. A file
// in several unconnected parts is read whole, part after part, or only the part --leaf names; it says which.
import type { Command } from "commander";
import { extractBranch } from "../compact/verified/extract/index.ts";
import { renderExtraction } from "../compact/verified/render-extraction.ts";
import { ExitCode, UserError } from "../core/errors.ts";
import { loadSessionParts, partsNote } from "../session/load-branch.ts";
import { addVerb, type Register } from "./register.ts";

const HELP = `
Paths are relative to the session's working folder. Earlier summaries on the branch are listed as
recaps and never mined for rules. A file in several unconnected parts is extracted from every part
in file order (stderr says so); --leaf reads only the branch ending at that entry. With --json: one
document with goal, currentRequest, constraints, decisions, files {read, modified, deleted}, errors
[{command, resolved, …}], openLoops and extractedLeaves (plus parts for a file in several parts).

Exit codes: 0 shown; 2 bad input (no such file, not a session, unknown --leaf).`;

export const registerExtract: Register = (program, contextFor) => {
  addVerb(program, "extract")
    .argument("<session>", "pi session JSONL file")
    .option("--leaf <entryId>", "only the branch ending at this entry (default: every unconnected part)")
    .addHelpText("after", HELP)
    .action(async (file: string, options: { leaf?: string }, command: Command) => {
      const ctx = contextFor(command);
      const loaded = await loadSessionParts(file, options.leaf);
      if (!loaded.ok) throw new UserError(loaded.reason, ExitCode.usage);
      for (const problem of loaded.value.problems) ctx.out.info(`keel: ${problem.message}`);
      const note = partsNote(loaded.value, "extracting from");
      if (note) ctx.out.info(`keel: ${note}`);
      const cwd = loaded.value.session.header?.cwd ?? "";
      const extraction = extractBranch(loaded.value.entries, { cwd });
      const leaves = loaded.value.branches.map((b) => b.leafId);
      const parts = loaded.value.parts.length > 1 ? { parts: loaded.value.parts } : {};
      ctx.out.result(
        { file, leafId: leaves.at(-1), extractedLeaves: leaves, cwd, ...parts, ...extraction },
        renderExtraction(extraction),
      );
    });
};
