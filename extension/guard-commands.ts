// The guard verbs of /keel: contract, note, verify, journal, loops and diff. Slash commands are the user
// speaking, so their journal and contract writes are trusted owner input.
import type { ExtensionCommandContext } from "@earendil-works/pi-coding-agent";
import { canRemove, RULE_TEXT_MAX } from "../src/guard/contract/layers.ts";
import { verifyCommand } from "../src/guard/evidence/verify.ts";
import { openLoops } from "../src/guard/loops/brake.ts";
import { auditScope } from "../src/guard/scope/diff-audit.ts";
import type { GuardScope, GuardSessionState } from "../src/guard/session/guard-session.ts";
import { contractOf, recordShellOutcome } from "../src/guard/session/guard-session.ts";
import { oneLine, slug } from "../src/guard/text.ts";
import { addJournalEntry, deleteRule, listJournal, putRule } from "../src/store/guard-journal.ts";
import type { KeelCommandRouter } from "./keel-command.ts";

type Live = () => { scope: GuardScope; state: GuardSessionState } | undefined;
type Handler = (
  args: string[],
  ctx: ExtensionCommandContext,
  live: { scope: GuardScope; state: GuardSessionState },
) => Promise<string>;

const TYPES = ["decision", "correction", "note", "lesson"] as const;

const contract: Handler = async ([verb = "list", ...rest], _ctx, { scope }) => {
  if (verb === "add") {
    const body = oneLine(rest.join(" "), RULE_TEXT_MAX);
    if (!body) return "usage: /keel contract add <rule text>";
    const id = slug(body);
    await putRule(scope.db, {
      projectId: scope.projectId,
      id,
      text: body,
      source: "owner",
      createdAt: scope.clock.now(),
    });
    return `keel: added ${id} to this project's contract`;
  }
  const rules = (await contractOf(scope)).rules;
  if (verb === "remove") {
    const id = rest[0] ?? "";
    const decision = canRemove(
      rules.find((r) => r.id === id),
      "owner",
      "project",
    );
    if (!decision.ok) return `keel: cannot remove "${id}": ${decision.reason}`;
    await deleteRule(scope.db, scope.projectId, id);
    return `keel: removed ${id}`;
  }
  if (verb !== "list") return "usage: /keel contract [list | add <text> | remove <id>]";
  return ["keel contract:", ...rules.map((r) => `${r.id} (${r.source}): ${r.text}`)].join("\n");
};

const note: Handler = async ([type, ...rest], _ctx, { scope }) => {
  const body = oneLine(rest.join(" "), 500);
  if (!type || !(TYPES as readonly string[]).includes(type) || !body)
    return `usage: /keel note <${TYPES.join("|")}> <text>`;
  const row = await addJournalEntry(scope.db, {
    projectId: scope.projectId,
    sessionId: scope.sessionId,
    type: type as (typeof TYPES)[number],
    text: body,
    tags: "[]",
    author: "owner",
    createdAt: scope.clock.now(),
  });
  return `keel: journaled #${row.number} ${row.type}`;
};

const verify: Handler = async (args, ctx, { scope, state }) => {
  const command = args.join(" ").trim();
  if (!command) return "usage: /keel verify <command>";
  const { evidence } = await verifyCommand(
    { db: scope.db, clock: scope.clock },
    { projectId: scope.projectId, sessionId: scope.sessionId, cwd: ctx.cwd, command },
  );
  await recordShellOutcome(scope, state, command, evidence.exitCode === 0);
  const trust = evidence.trusted ? "" : ` (untrusted: ${evidence.trustNote})`;
  return `keel: evidence #${evidence.number}: exit ${evidence.exitCode ?? "none"} in ${(evidence.durationMs / 1000).toFixed(1)}s${trust}`;
};

const journal: Handler = async (_args, _ctx, { scope }) => {
  const rows = await listJournal(scope.db, scope.projectId, { limit: 10 });
  if (rows.length === 0) return "keel: the journal is empty";
  return [
    "keel journal:",
    ...rows.map(
      (r) => `#${r.number} ${r.type}${r.author === "agent" ? " (agent, unverified)" : ""}: ${r.text}`,
    ),
  ].join("\n");
};

const loops: Handler = async (_args, _ctx, { state }) => {
  const open = openLoops(state.loops);
  return open.length
    ? ["keel loops:", ...open.map((l) => `${l.failures}× ${l.command}`)].join("\n")
    : "keel: no open loops";
};

const diff: Handler = async (_args, ctx, { state }) => {
  if (!state.baseline) return "keel: no git baseline for this session";
  const report = auditScope(ctx.cwd, state.baseline);
  return `keel diff: ${report.verdict}, +${report.added}/-${report.removed} in ${report.files} files since the session started`;
};

export function registerGuardCommands(router: KeelCommandRouter, live: Live): void {
  const verbs: Array<[string, string, Handler]> = [
    ["contract", "/keel contract [list | add <text> | remove <id>]", contract],
    ["note", `/keel note <${TYPES.join("|")}> <text>`, note],
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
