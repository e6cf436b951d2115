// Memory's tools, defined once for every host: keel_memory (pi: one tool over every action, people approve unpins
// and cleanups) and one tool per action for MCP (status, search, read, record, supersede), each schema cut from
// keel_memory's. All go through runMemoryAction, the dispatcher /keel memory and the CLI use too. Writes through
// a tool are the agent's (unverified); without a person to ask, an unpin or a cleanup is refused.
import { type TObject, type TSchema, Type } from "typebox";
import { describeError } from "../core/errors.ts";
import { storeDeps } from "../project/context.ts";
import type { ToolContext } from "../tools/context.ts";
import {
  ADDITIVE,
  defineTool,
  READ_ONLY,
  type ToolAnswer,
  type ToolDef,
  type ToolHints,
} from "../tools/define.ts";
import { MEMORY_ACTION_FIELDS, type MemoryToolReply, renderEnvelope, runMemoryAction } from "./actions.ts";
import { memoryActor } from "./actor.ts";
import { MEMORY_ACTIONS, type MemoryAction, MemoryToolSchema, RecordInputSchema } from "./tool-schema.ts";

/** The keel_memory fields one action takes, required ones required, closed like the original. */
export function memoryActionSchema(action: MemoryAction): TObject {
  const { required, optional } = MEMORY_ACTION_FIELDS[action];
  const must = Type.Required(Type.Pick(MemoryToolSchema, required)) as unknown as TObject;
  const may = Type.Pick(MemoryToolSchema, optional) as unknown as TObject;
  return Type.Object({ ...must.properties, ...may.properties }, { additionalProperties: false });
}

async function callAction(ctx: ToolContext, raw: Record<string, unknown>): Promise<ToolAnswer> {
  const action = typeof raw.action === "string" ? (raw.action as MemoryToolReply["action"]) : "invalid";
  let result: MemoryToolReply;
  try {
    if (!ctx.project.ok) result = { ok: false, action, ...ctx.project.reason };
    else {
      const project = ctx.project.value;
      result = await runMemoryAction(storeDeps(project), memoryActor(project, ctx.signal), raw);
    }
  } catch (error) {
    result = { ok: false, action, code: "MEMORY_FAILED", message: describeError(error) };
  }
  if (result.ok && result.action === "status" && ctx.memoryGuidance)
    result.data = { ...(result.data as object), guidance: ctx.memoryGuidance() };
  return { text: renderEnvelope(result), data: result, isError: !result.ok };
}

function memoryTool(
  action: MemoryAction,
  description: string,
  annotations: ToolHints,
  schema: TSchema = memoryActionSchema(action),
): ToolDef {
  return defineTool({
    name: `keel_memory_${action}`,
    area: "memory",
    title: `keel memory ${action}`,
    description,
    schema,
    annotations,
    hosts: ["mcp"],
    run: (ctx, args) =>
      callAction(ctx, action === "record" ? { action, record: args } : { action, ...(args as object) }),
  });
}

export const MEMORY_TOOLS: ToolDef[] = [
  defineTool({
    name: "keel_memory",
    area: "memory",
    title: "Project memory",
    description: `Search, read and write this repository's memory, which outlives sessions. Actions: ${MEMORY_ACTIONS.join(", ")}.`,
    promptSnippet: "Search or update this project's long-lived memory (decisions, conventions, facts).",
    schema: MemoryToolSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    hosts: ["pi"],
    sequential: true,
    run: (ctx, args) => callAction(ctx, args as Record<string, unknown>),
  }),
  memoryTool("status", "This project's memory: record counts, quota and policy.", READ_ONLY),
  memoryTool("search", "Ranked full-text search over this project's memory records.", READ_ONLY),
  memoryTool("read", "One memory record in full, by id.", READ_ONLY),
  memoryTool(
    "record",
    "Store a memory record (decision, convention, fact…). Stored as the agent's, unverified until a person confirms it.",
    ADDITIVE,
    RecordInputSchema,
  ),
  memoryTool(
    "supersede",
    "Mark an outdated record as replaced by a newer one; search then ranks the old one after current ones.",
    { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  ),
];
