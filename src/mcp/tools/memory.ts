// The memory tools over MCP, one per operation (status, search, read, record, supersede). Each schema is cut
// from the keel_memory tool's TypeBox schema (record takes the record's own schema), and each call goes through
// runMemoryAction, the dispatcher the pi tool, /keel memory and the CLI use. Writes are the agent's (unverified);
// nothing here can approve an unpin or a cleanup, since no person is asked.
import { type TObject, type TSchema, Type } from "typebox";
import { MEMORY_ACTION_FIELDS, renderEnvelope, runMemoryAction } from "../../memory/actions.ts";
import { currentProvenance } from "../../memory/provenance.ts";
import { type MemoryAction, MemoryToolSchema, RecordInputSchema } from "../../memory/tool-schema.ts";
import type { McpSession } from "../session.ts";
import { ADDITIVE, defineTool, type McpTool, READ_ONLY, type ToolHints } from "./tool.ts";

/** The keel_memory fields one action takes, required ones required, closed like the original. */
export function memoryActionSchema(action: MemoryAction): TObject {
  const { required, optional } = MEMORY_ACTION_FIELDS[action];
  const must = Type.Required(Type.Pick(MemoryToolSchema, required)) as unknown as TObject;
  const may = Type.Pick(MemoryToolSchema, optional) as unknown as TObject;
  return Type.Object({ ...must.properties, ...may.properties }, { additionalProperties: false });
}

async function callAction(session: McpSession, raw: Record<string, unknown>) {
  const { host } = session;
  const result = await runMemoryAction(
    session.memory,
    {
      projectId: host.project.id,
      origin: "agent",
      // Provenance asks git for HEAD: only the actions that write read it.
      get provenance() {
        return currentProvenance(host.cwd, session.sessionId);
      },
      approve: async () => false,
    },
    raw,
  );
  return { text: renderEnvelope(result), data: result, isError: !result.ok };
}

function memoryTool(
  action: MemoryAction,
  description: string,
  annotations: ToolHints,
  schema: TSchema = memoryActionSchema(action),
): McpTool {
  return defineTool({
    name: `keel_memory_${action}`,
    title: `keel memory ${action}`,
    description,
    schema,
    annotations,
    run: (session, args) =>
      callAction(
        session,
        action === "record" ? { action, record: args } : { action, ...(args as Record<string, unknown>) },
      ),
  });
}

export const MEMORY_TOOLS: McpTool[] = [
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
