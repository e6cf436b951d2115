// The guard verbs of /keel: contract, note, verify, journal, loops and diff. Slash commands are the user
// speaking, so their journal and contract writes are trusted owner input. The reads (contract list, journal,
// loops, diff) run the registry's tools, so their checks and errors are the model's and MCP's.
import type { ExtensionCommandContext } from "@earendil-works/pi-coding-agent";
import { addProjectRule, removeProjectRule } from "../src/guard/contract/edit.ts";
import type { EffectiveContract } from "../src/guard/contract/effective.ts";
import { verifyCommand } from "../src/guard/evidence/verify.ts";
import { describeJournalEntry, JOURNAL_TYPES, type JournalRow, writeJournal } from "../src/guard/journal.ts";
import type { OpenLoop } from "../src/guard/loops/brake.ts";
import { describeLoop } from "../src/guard/loops/records.ts";
import type { ScopeReport } from "../src/guard/scope/diff-audit.ts";
import { recordShellOutcome } from "../src/guard/session/guard-session.ts";
import type { GuardLive } from "../src/guard/tools.ts";
import type { ToolContext } from "../src/tools/context.ts";
import { runToolText } from "../src/tools/owner-context.ts";
import type { KeelCommandRouter } from "./keel-command.ts";

/** This session's guard and the registry tools' context as the owner, while guard is open. */
type Session = GuardLive & { tools: ToolContext };
type Handler = (args: string[], ctx: ExtensionCommandContext, live: Session) => Promise<string>;

const NOTE_USAGE = `/keel note <${JOURNAL_TYPES.join("|")}> <text>`;

const contract: Handler = async ([verb = "list", ...rest], _ctx, { scope, tools }) => {
  if (verb === "add") {
    const added = await addProjectRule(scope, { text: rest.join(" ") });
    if (!added.ok) return "usage: /keel contract add <rule text>";
    return `keel: added ${added.value.id} to this project's contract`;
  }
  if (verb === "remove") {
    const removed = await removeProjectRule(scope, rest[0] ?? "");
    return removed.ok ? `keel: removed ${removed.value.id}` : `keel: ${removed.reason.message}`;
  }
  if (verb !== "list") return "usage: /keel contract [list | add <text> | remove <id>]";
  return runToolText<EffectiveContract["rules"]>(tools, "keel_contract", {}, (rules) =>
    ["keel contract:", ...rules.map((r) => `${r.id} (${r.origin}): ${r.text}`)].join("\n"),
  );
};

const note: Handler = async ([type = "", ...rest], _ctx, { scope }) => {
  const written = await writeJournal(scope, {
    projectId: scope.projectId,
    sessionId: scope.sessionId,
    origin: "owner",
    type,
    text: rest.join(" "),
  });
  if (!written.ok) return `usage: ${NOTE_USAGE}`;
  return `keel: journaled #${written.value.number} ${written.value.type}`;
};

const verify: Handler = async (args, ctx, { scope, state }) => {
  const command = args.join(" ").trim();
  if (!command) return "usage: /keel verify <command>";
  const { evidence } = await verifyCommand(scope, {
    projectId: scope.projectId,
    sessionId: scope.sessionId,
    cwd: ctx.cwd,
    command,
  });
  await recordShellOutcome(scope, state, command, {
    succeeded: evidence.exitCode === 0,
    output: evidence.outputTail,
    treeBefore: null,
  });
  const trust = evidence.trusted ? "" : ` (untrusted: ${evidence.trustNote})`;
  return `keel: evidence #${evidence.number}: exit ${evidence.exitCode ?? "none"} in ${(evidence.durationMs / 1000).toFixed(1)}s${trust}`;
};

const journal: Handler = (_args, _ctx, { tools }) =>
  runToolText<{ journal: JournalRow[] }>(tools, "keel_journal", { limit: 10 }, ({ journal: rows }) =>
    rows.length
      ? ["keel journal:", ...rows.map(describeJournalEntry)].join("\n")
      : "keel: the journal is empty",
  );

const loops: Handler = (_args, _ctx, { tools }) =>
  runToolText<OpenLoop[]>(tools, "keel_loops", {}, (open) =>
    open.length ? ["keel loops:", ...open.map(describeLoop)].join("\n") : "keel: no open loops",
  );

const diff: Handler = async (_args, _ctx, { state, tools }) => {
  if (!state.baseline) return "keel: no git baseline for this session";
  return runToolText<ScopeReport>(
    tools,
    "keel_diff",
    {},
    (report) =>
      `keel diff: ${report.verdict}, +${report.added}/-${report.removed} in ${report.files} files since the session started`,
  );
};

export function registerGuardCommands(router: KeelCommandRouter, live: () => Session | undefined): void {
  const verbs: Array<[string, string, Handler]> = [
    ["contract", "/keel contract [list | add <text> | remove <id>]", contract],
    ["note", NOTE_USAGE, note],
    ["verify", "/keel verify <command>", verify],
    ["journal", "/keel journal", journal],
    ["loops", "/keel loops", loops],
    ["diff", "/keel diff", diff],
  ];
  for (const [verb, usage, handler] of verbs) {
    router.add(verb, usage, async (args, ctx) => {
      const session = live();
      if (!session) {
        ctx.ui.notify("keel: guard is unavailable in this session (no store or no project)", "warning");
        return;
      }
      ctx.ui.notify(await handler(args, ctx, session), "info");
    });
  }
}
