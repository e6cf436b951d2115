// `keel batch`: JSON-lines requests on stdin, each run as the CLI command with --json in this one process over
// one open store, one JSON answer line each, in order. Never prompts; --quiet drops the summary on stderr.
import { createInterface } from "node:readline";
import type { Command } from "commander";
import { ExitCode } from "../core/errors.ts";
import { openSharedStore, type SharedStore } from "../project/open.ts";
import { answerOf, parseBatchLine } from "./batch-request.ts";
import { terminalJson } from "./output.ts";
import { addVerb, type ContextFactory, setExitCode } from "./register.ts";
import { writeAll } from "./std-write.ts";

/** Runs one argv with collected output over the shared store (program.ts passes runCli itself). */
export type RunOne = (
  argv: string[],
  io: { write: { out(text: string): void; err(text: string): void }; shared: SharedStore },
) => Promise<number>;

export function registerBatch(program: Command, contextFor: ContextFactory, runOne: RunOne): void {
  addVerb(program, "batch")
    .option("-q, --quiet", "no summary line on stderr")
    .addHelpText(
      "after",
      '\nEach line: {"id": 1, "command": ["memory", "search", "ids"]}\n' +
        'Each answer: {"id": 1, "exit": 0, "result": {…}} or {"id": 1, "exit": 2, "error": "…"}\n' +
        "Exit 0 when every request exited 0, else 1.",
    )
    .action(async (options: { quiet?: boolean }, command: Command) => {
      const ctx = contextFor(command);
      const shared = await openSharedStore(ctx.paths.storeUrl);
      const counts = { requests: 0, failed: 0 };
      try {
        for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
          if (line.trim() === "") continue;
          const answer = await answerLine(line, shared, runOne);
          counts.requests += 1;
          if (answer.exit !== 0) counts.failed += 1;
          // C1 controls and bidi overrides leave as \u escapes: the answer stream may be read on a terminal.
          writeAll(1, `${terminalJson(answer)}\n`);
        }
      } finally {
        await shared.store.close();
      }
      if (!options.quiet)
        writeAll(2, `keel batch: ${counts.requests} requests, ${counts.failed} did not exit 0\n`);
      setExitCode(command, counts.failed === 0 ? ExitCode.ok : ExitCode.checkFailed);
    });
}

async function answerLine(line: string, shared: SharedStore, runOne: RunOne) {
  const parsed = parseBatchLine(line);
  if (!parsed.ok) return parsed.reason;
  const out: string[] = [];
  const err: string[] = [];
  const write = { out: (text: string) => out.push(text), err: (text: string) => err.push(text) };
  const exit = await runOne(parsed.value.argv, { write, shared });
  return answerOf(parsed.value.id, exit, out.join(""), err.join(""));
}
