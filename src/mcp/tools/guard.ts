// The guard tools over MCP: status, verify, evidence, note, check, journal, contract, loops and screen. Each calls
// the guard service the pi tools and the CLI call (src/guard/tools.ts, contract, destructive screen).
import { screenCommand } from "../../guard/destructive/screen.ts";
import { openLoops } from "../../guard/loops/brake.ts";
import { preflight } from "../../guard/orientation.ts";
import { auditScope, resolveBaseline } from "../../guard/scope/diff-audit.ts";
import { contractOf } from "../../guard/session/guard-session.ts";
import {
  CheckParams,
  DiffParams,
  EvidenceParams,
  JournalListParams,
  NoteParams,
  ScreenParams,
  StatusParams,
  VerifyParams,
} from "../../guard/tool-schemas.ts";
import {
  readEvidence,
  readJournal,
  runCheckTool,
  runNoteTool,
  runStatusTool,
  runVerifyTool,
} from "../../guard/tools.ts";
import { ADDITIVE, defineTool, type McpTool, READ_ONLY } from "./tool.ts";

const json = (data: unknown) => ({ text: JSON.stringify(data), data, isError: false });

export const GUARD_TOOLS: McpTool[] = [
  defineTool({
    name: "keel_guard_status",
    title: "keel guard status",
    description: "Change size against this session's baseline, open loops and the latest evidence number.",
    schema: StatusParams,
    annotations: READ_ONLY,
    run: async (session) => runStatusTool(await session.guard(), null),
  }),
  defineTool({
    name: "keel_guard_verify",
    title: "keel verify",
    description:
      "Run a shell command in the project (tests, build, lint) and record its exit code, duration and output digest as evidence. Destructive commands and commands stuck in a failure loop are not run.",
    schema: VerifyParams,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    run: async (session, args) => runVerifyTool(await session.guard(), args, session.host.cwd),
  }),
  defineTool({
    name: "keel_guard_evidence",
    title: "keel evidence",
    description:
      "One evidence run in full (number), or the latest runs; each says whether the tree changed since.",
    schema: EvidenceParams,
    annotations: READ_ONLY,
    run: async (session, args) => readEvidence(await session.guard(), args, session.host.cwd),
  }),
  defineTool({
    name: "keel_guard_note",
    title: "keel note",
    description:
      "Journal a decision, correction, note or lesson. Stored as the agent's: shown as unverified until the user confirms it.",
    schema: NoteParams,
    annotations: ADDITIVE,
    run: async (session, args) => runNoteTool(await session.guard(), args),
  }),
  defineTool({
    name: "keel_guard_check",
    title: "keel check",
    description: "Check a claim against the contract and the latest evidence before stating it.",
    schema: CheckParams,
    annotations: READ_ONLY,
    run: async (session, args) => runCheckTool(await session.guard(), args, session.host.cwd),
  }),
  defineTool({
    name: "keel_guard_journal",
    title: "keel journal",
    description: "The project's journal, newest first; agent entries carry verified: false.",
    schema: JournalListParams,
    annotations: READ_ONLY,
    run: async (session, args) => readJournal(await session.guard(), args),
  }),
  defineTool({
    name: "keel_guard_contract",
    title: "keel contract",
    description: "The effective contract: seed, personal, team and project rules.",
    schema: StatusParams,
    annotations: READ_ONLY,
    run: async (session) => json((await contractOf((await session.guard()).scope)).rules),
  }),
  defineTool({
    name: "keel_guard_loops",
    title: "keel loops",
    description:
      "Commands that keep failing in this session (the loop brake blocks them after repeated failures).",
    schema: StatusParams,
    annotations: READ_ONLY,
    run: async (session) => json(openLoops((await session.guard()).state.loops)),
  }),
  defineTool({
    name: "keel_guard_diff",
    title: "keel diff",
    description:
      "Audit how much changed against this session's baseline (or a given commit): lines and files, with a verdict.",
    schema: DiffParams,
    annotations: READ_ONLY,
    async run(session, args) {
      const { cwd } = session.host;
      const fixed = args.baseline === undefined ? (await session.guard()).state.baseline : null;
      const baseline = fixed ? { ok: true as const, value: fixed } : resolveBaseline(cwd, args.baseline);
      if (!baseline.ok) return { text: baseline.reason, data: null, isError: true };
      return json(auditScope(cwd, baseline.value));
    },
  }),
  defineTool({
    name: "keel_guard_preflight",
    title: "keel preflight",
    description: "Can guard work here: git, the repository, and the team and personal contract files.",
    schema: StatusParams,
    annotations: READ_ONLY,
    run: async (session) => json(preflight(session.host.project.root, session.host.personalContract)),
  }),
  defineTool({
    name: "keel_guard_screen",
    title: "keel screen",
    description: "Tell whether a shell command is destructive, without running it.",
    schema: ScreenParams,
    annotations: READ_ONLY,
    run: async (_session, args) => json({ command: args.command, ...screenCommand(args.command) }),
  }),
];
