// `keel compact <session.jsonl>`: renders offline the verbatim checkpoint keel would write for a session.
// Reads the file once (streaming), picks a boundary, calls the pure renderer and reports problems.
import type { Command } from "commander";
import {
  chooseOfflineBoundary,
  nothingToCompact,
  parseCap,
  renderCheckpoint,
} from "../compact/verbatim/index.ts";
import type { CapSetting } from "../compact/verbatim/types.ts";
import { ExitCode, UserError } from "../core/errors.ts";
import { counted } from "../core/plural.ts";
import { loadSessionBranch } from "../session/load-branch.ts";
import { intOption } from "./parse.ts";
import { addVerb, type Register, setExitCode } from "./register.ts";

interface CompactOptions {
  cap: string;
  window?: number;
  at?: string;
  leaf?: string;
  cwd?: string;
}

const HELP = `
Boundary: by default keel replays the last compaction on the branch (same first kept entry, same
branch prefix) and renders what the verbatim strategy would have written there. With --at <entryId>
the given entry becomes the first kept entry. A branch with no compaction is cut at its last entry
pi could keep (a user, assistant, shell or custom message), so almost everything is compacted.

Exit codes: 0 rendered; 1 rendered, but the file or boundary was damaged (a labelled partial
checkpoint, problems listed, or a file in several unconnected parts); 2 bad input (no such file, not a
session, bad flags, unknown entry, or nothing left to compact before --at).`;

export const registerCompact: Register = (program, contextFor) => {
  addVerb(program, "compact")
    .argument("<session>", "pi session JSONL file")
    .option("--cap <size>", "size cap: off, <n>chars, <n>tokens (4 chars each) or <n>%", "off")
    .option(
      "--window <tokens>",
      "model context window in tokens (needed for a % cap)",
      intOption("--window", { min: 1, max: 100_000_000 }),
    )
    .option("--at <entryId>", "cut at this entry (it becomes the first kept entry)")
    .option("--leaf <entryId>", "walk the branch ending at this entry (default: the last entry in the file)")
    .option("--cwd <dir>", "working directory for relative paths (default: the session header's cwd)")
    .addHelpText("after", HELP)
    .action(async (file: string, options: CompactOptions, command: Command) => {
      const ctx = contextFor(command);
      const cap = readCap(options, command);
      const loadedResult = await loadSessionBranch(file, options.leaf);
      if (!loadedResult.ok) throw new UserError(loadedResult.reason, ExitCode.usage);
      const loaded = loadedResult.value;
      const chosen = chooseOfflineBoundary(loaded.branch, options.at);
      if (!chosen.ok) throw new UserError(chosen.reason, ExitCode.usage);
      const boundary = chosen.value;
      const rendered = renderCheckpoint({
        ...boundary,
        cwd: options.cwd ?? loaded.session.header?.cwd ?? "",
        cap: cap.setting,
        contextWindow: cap.window,
      });
      if (!rendered.ok) throw new UserError(rendered.reason, ExitCode.usage);
      const checkpoint = rendered.value;
      if (checkpoint.stats.compactedEntries === 0 && boundary.source !== "last-compaction")
        throw new UserError(nothingToCompact(boundary), ExitCode.usage);
      const partial = loaded.damaged || checkpoint.partial;
      const problems = loaded.problems.map((problem) => problem.message);
      if (loaded.unlistedProblems > 0) problems.push(`… and ${loaded.unlistedProblems} more problems`);
      const data = {
        ok: true,
        file,
        partial,
        boundary: {
          source: boundary.source,
          firstKeptEntryId: boundary.firstKeptEntryId,
          isSplitTurn: boundary.isSplitTurn,
          replayedCompactionId: boundary.replayedCompactionId ?? null,
          leafId: loaded.leafId,
        },
        problems,
        warnings: checkpoint.warnings,
        stats: { ...checkpoint.stats, sessionBytes: loaded.bytes, branchEntries: loaded.branch.length },
        summary: checkpoint.summary,
        reorientation: checkpoint.reorientation,
        details: checkpoint.details,
      };
      const text: string[] = [];
      if (partial)
        text.push(
          `[PARTIAL CHECKPOINT: ${problems.length + checkpoint.warnings.length} problem(s) in the session file or boundary; see stderr]`,
          "",
        );
      text.push(
        checkpoint.summary,
        "",
        "----- re-orientation reminder (placed last on the next request) -----",
        checkpoint.reorientation,
      );
      for (const line of [...problems, ...checkpoint.warnings]) ctx.out.info(`keel: ${line}`);
      ctx.out.info(
        `keel: ${boundary.source} boundary at ${boundary.firstKeptEntryId}; ${counted(checkpoint.stats.compactedEntries, "entry", "entries")} compacted, ${checkpoint.stats.chars} chars (~${checkpoint.stats.estimatedTokens} tokens)`,
      );
      ctx.out.result(data, text);
      if (partial) setExitCode(command, ExitCode.checkFailed);
    });
};

function readCap(options: CompactOptions, command: Command): { setting: CapSetting; window?: number } {
  const parsed = parseCap(options.cap);
  if (!parsed.ok) command.error(parsed.reason, { exitCode: ExitCode.usage });
  const window = options.window;
  const setting = parsed.ok ? parsed.value : ({ unit: "off" } as const);
  if (setting.unit === "percent" && window === undefined) {
    command.error("a percent cap needs --window <tokens>", { exitCode: ExitCode.usage });
  }
  return { setting, window };
}
