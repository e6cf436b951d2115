// Recall's tools, defined once for every host: keel_entries, keel_grep and keel_entry search a raw session branch
// (pi: this session by default; MCP: this project's newest session), and keel_lookup (pi) asks a sub-agent on the
// session's model with the same searches. `session` names another pi session file. Each runs runLookupTool.
import { type TObject, Type } from "typebox";
import type { ToolContext } from "../../tools/context.ts";
import { defineTool, READ_ONLY, type ToolDef, toolError } from "../../tools/define.ts";
import { buildTranscript } from "./index.ts";
import { runLookup } from "./subagent.ts";
import {
  EntriesParams,
  EntryParams,
  GrepParams,
  type LookupToolName,
  runLookupTool,
} from "./tool-schemas.ts";

const SessionFile = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 4096,
    description: "path of a pi session JSONL file (default: the current session, or this project's newest)",
  }),
);

function withSession(params: TObject): TObject {
  return Type.Object({ session: SessionFile, ...params.properties }, { additionalProperties: false });
}

function recallTool(name: LookupToolName, params: TObject, description: string): ToolDef {
  return defineTool({
    name: `keel_${name}`,
    area: "recall",
    title: `keel ${name}`,
    description,
    schema: withSession(params),
    annotations: READ_ONLY,
    hosts: ["pi", "mcp"],
    aliases: [`keel_recall_${name}`],
    async run(ctx, args) {
      const { session, ...rest } = args as { session?: string } & Record<string, unknown>;
      const branch = await ctx.branch(session);
      if (!branch.ok) return toolError(`error: ${branch.reason}`);
      return { ...(await runLookupTool(buildTranscript(branch.value), name, rest)), data: null };
    },
  });
}

const LookupParams = Type.Object(
  { question: Type.String({ minLength: 3, maxLength: 2000 }) },
  { additionalProperties: false },
);

export const RECALL_TOOLS: ToolDef[] = [
  recallTool(
    "entries",
    EntriesParams,
    "List a raw session branch's entries (ids, roles, times, previews), including everything compaction removed from view.",
  ),
  recallTool(
    "grep",
    GrepParams,
    "Search a raw session branch (thinking, tool arguments and outputs included) with a regular expression; results name their ENTRY ids.",
  ),
  recallTool("entry", EntryParams, "Show one raw session entry in full, paged."),
  defineTool({
    name: "keel_lookup",
    area: "recall",
    title: "keel lookup",
    description:
      "Recover a specific detail from earlier in this session (an exact error, a tool output, why something was decided), even after compaction. A helper searches the raw history and answers with ENTRY ids. One attempt until the next user message or tool run.",
    promptSnippet:
      "keel_lookup: recover details from this session's history that compaction removed from view",
    schema: LookupParams,
    annotations: { ...READ_ONLY, idempotentHint: false, openWorldHint: true },
    hosts: ["pi"],
    run: (ctx, args) => askLookup(ctx, args.question),
  }),
];

async function askLookup(ctx: ToolContext, question: string) {
  const ask = ctx.lookupModel?.();
  if (!ask) return toolError("keel_lookup needs an active model; use keel_grep instead.");
  const branch = await ctx.branch(undefined);
  if (!branch.ok) return toolError(`error: ${branch.reason}`);
  const answer = await runLookup(question, buildTranscript(branch.value), ask);
  const note = answer.complete ? "" : " (budget reached: partial)";
  return {
    text: `${answer.answer}\n\n[keel_lookup: ${answer.calls} model calls${note}]`,
    data: null,
    isError: false,
  };
}
