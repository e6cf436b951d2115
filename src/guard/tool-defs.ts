// Guard's tools, defined once for every host (pi lists status, verify, note and check; MCP all of them): status,
// verify, evidence, note, check, journal, contract, loops, diff, preflight and screen. Each calls the guard service
// the CLI calls too (src/guard/tools.ts, contract, destructive screen); a refusal is an error answer everywhere.
import type { ToolContext } from "../tools/context.ts";
import {
  ADDITIVE,
  defineTool,
  READ_ONLY,
  type ToolAnswer,
  type ToolDef,
  toolError,
} from "../tools/define.ts";
import { screenOptionsWithin } from "./destructive/project-view.ts";
import { screenCommand } from "./destructive/screen.ts";
import { openLoops } from "./loops/brake.ts";
import { preflight } from "./orientation.ts";
import { auditScope, resolveBaseline } from "./scope/diff-audit.ts";
import { contractOf } from "./session/guard-session.ts";
import {
  CheckParams,
  DiffParams,
  EvidenceParams,
  JournalListParams,
  NoteParams,
  ScreenParams,
  StatusParams,
  VerifyParams,
} from "./tool-schemas.ts";
import {
  type GuardLive,
  readEvidence,
  readJournal,
  runCheckTool,
  runNoteTool,
  runStatusTool,
  runVerifyTool,
} from "./tools.ts";

const UNAVAILABLE = "keel guard is not available in this session (no store or no project).";
const json = (data: unknown): ToolAnswer => ({ text: JSON.stringify(data), data, isError: false });

/** Runs `body` with this session's guard, or answers that guard is unavailable here. */
async function withGuard(ctx: ToolContext, body: (live: GuardLive) => Promise<ToolAnswer>) {
  const live = await ctx.guard();
  return live ? body(live) : toolError(UNAVAILABLE);
}

const both = ["pi", "mcp"] as const;
const mcp = ["mcp"] as const;
const alias = (verb: string) => [`keel_guard_${verb}`];

export const GUARD_TOOLS: ToolDef[] = [
  defineTool({
    name: "keel_status",
    area: "guard",
    title: "keel status",
    description:
      "Guard status: change size against the session's baseline, open loops, the latest evidence id.",
    schema: StatusParams,
    annotations: READ_ONLY,
    hosts: both,
    aliases: alias("status"),
    run: (ctx) => withGuard(ctx, (live) => runStatusTool(live, ctx.contextPercent())),
  }),
  defineTool({
    name: "keel_verify",
    area: "guard",
    title: "keel verify",
    description:
      "Run a check command (tests, build, lint) as evidence: exit code, duration and output digest are recorded. Cite the evidence id when you claim something works. Destructive commands and commands stuck failing are not run.",
    promptSnippet: "keel_verify: run a check command and record the result as evidence",
    schema: VerifyParams,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    hosts: both,
    aliases: alias("verify"),
    run: (ctx, args) => withGuard(ctx, (live) => runVerifyTool(live, args, live.scope.cwd)),
  }),
  defineTool({
    name: "keel_evidence",
    area: "guard",
    title: "keel evidence",
    description:
      "One evidence run in full (number), or the latest runs; each says whether the tree changed since.",
    schema: EvidenceParams,
    annotations: READ_ONLY,
    hosts: mcp,
    aliases: alias("evidence"),
    run: (ctx, args) => withGuard(ctx, (live) => readEvidence(live, args, live.scope.cwd)),
  }),
  defineTool({
    name: "keel_note",
    area: "guard",
    title: "keel note",
    description:
      "Journal a decision, correction, note or lesson so it survives compaction. Stored as the agent's: shown as unverified until the user confirms it.",
    schema: NoteParams,
    annotations: ADDITIVE,
    hosts: both,
    aliases: alias("note"),
    run: (ctx, args) => withGuard(ctx, (live) => runNoteTool(live, args)),
  }),
  defineTool({
    name: "keel_check",
    area: "guard",
    title: "keel check",
    description:
      "Check a claim against the contract and the latest evidence before stating it: the rules it touches and whether fresh, trusted evidence backs it.",
    schema: CheckParams,
    annotations: READ_ONLY,
    hosts: both,
    aliases: alias("check"),
    run: (ctx, args) => withGuard(ctx, (live) => runCheckTool(live, args, live.scope.cwd)),
  }),
  defineTool({
    name: "keel_journal",
    area: "guard",
    title: "keel journal",
    description: "The project's journal, newest first; agent entries carry verified: false.",
    schema: JournalListParams,
    annotations: READ_ONLY,
    hosts: mcp,
    aliases: alias("journal"),
    run: (ctx, args) => withGuard(ctx, (live) => readJournal(live, args)),
  }),
  defineTool({
    name: "keel_contract",
    area: "guard",
    title: "keel contract",
    description: "The effective contract: seed, personal, team and project rules.",
    schema: StatusParams,
    annotations: READ_ONLY,
    hosts: mcp,
    aliases: alias("contract"),
    run: (ctx) => withGuard(ctx, async (live) => json((await contractOf(live.scope)).rules)),
  }),
  defineTool({
    name: "keel_loops",
    area: "guard",
    title: "keel loops",
    description:
      "Commands that keep failing in this session (the loop brake blocks them after repeated failures).",
    schema: StatusParams,
    annotations: READ_ONLY,
    hosts: mcp,
    aliases: alias("loops"),
    run: (ctx) => withGuard(ctx, async (live) => json(openLoops(live.state.loops))),
  }),
  defineTool({
    name: "keel_diff",
    area: "guard",
    title: "keel diff",
    description:
      "Audit how much changed against this session's baseline (or a given commit): lines and files, with a verdict.",
    schema: DiffParams,
    annotations: READ_ONLY,
    hosts: mcp,
    aliases: alias("diff"),
    run: (ctx, args) =>
      withGuard(ctx, async (live) => {
        const { cwd } = live.scope;
        const fixed = args.baseline === undefined ? live.state.baseline : null;
        const baseline = fixed ? { ok: true as const, value: fixed } : resolveBaseline(cwd, args.baseline);
        if (!baseline.ok) return toolError(baseline.reason);
        return json(auditScope(cwd, baseline.value));
      }),
  }),
  defineTool({
    name: "keel_preflight",
    area: "guard",
    title: "keel preflight",
    description: "Can guard work here: git, the repository, and the team and personal contract files.",
    schema: StatusParams,
    annotations: READ_ONLY,
    hosts: mcp,
    aliases: alias("preflight"),
    run: async (ctx) => {
      if (!ctx.project.ok) return toolError(UNAVAILABLE);
      const { project, personalContract } = ctx.project.value;
      return json(preflight(project.root, personalContract));
    },
  }),
  defineTool({
    name: "keel_screen",
    area: "guard",
    title: "keel screen",
    description:
      "Tell whether a shell command is destructive, without running it; with cwd (a folder inside the project) deletes are judged by git.",
    schema: ScreenParams,
    annotations: READ_ONLY,
    hosts: mcp,
    aliases: alias("screen"),
    run: async (ctx, args) => {
      if (args.cwd === undefined) return json({ command: args.command, ...screenCommand(args.command) });
      if (!ctx.project.ok) return toolError(UNAVAILABLE);
      const options = screenOptionsWithin(args.cwd, ctx.project.value.project.root);
      if (!options.ok) return toolError(options.reason);
      return json({ command: args.command, cwd: args.cwd, ...screenCommand(args.command, options.value) });
    },
  }),
];
