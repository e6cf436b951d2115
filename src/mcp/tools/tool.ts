// The shape of one MCP tool: its keel_<area>_<verb> name, the TypeBox schema its input is checked against (the
// same definitions the pi tools use), honest annotations, and a run function that calls one engine service.
import type { Static, TSchema } from "typebox";
import type { ToolAnswer } from "../../guard/tools.ts";
import type { McpSession } from "../session.ts";

export type { ToolAnswer };

/** MCP's tool hints; every tool states all four so no client falls back to a default. */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface McpTool<S extends TSchema = TSchema> {
  name: `keel_${string}_${string}`;
  title: string;
  description: string;
  schema: S;
  annotations: ToolHints;
  run(session: McpSession, args: Static<S>): Promise<ToolAnswer>;
}

/** Keeps each tool's argument type tied to its own schema while the list holds them all. */
export function defineTool<S extends TSchema>(tool: McpTool<S>): McpTool {
  return tool as unknown as McpTool;
}

export const READ_ONLY: ToolHints = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Adds a row and changes nothing that exists. */
export const ADDITIVE: ToolHints = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};
