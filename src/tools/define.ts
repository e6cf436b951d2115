// One definition per model-callable tool: its name, description, TypeBox schema, honest annotations, output bound
// and a run function over one engine service. The pi adapter and the MCP server list the same definitions and
// call them through callTool, so every host gets one validation, one bound and one error flag per operation.
import type { Static, TSchema } from "typebox";
import { describeError } from "../core/errors.ts";
import { checkShape } from "../core/schema-check.ts";
import type { ToolContext } from "./context.ts";

/** What a tool answers: text for the model, the data behind it, and whether it is an error. */
export interface ToolAnswer {
  text: string;
  data: unknown;
  isError: boolean;
  /** A line for the user, not the model (the loop brake's first refusal of a streak); hosts with a UI show it. */
  notice?: string;
}

/** MCP's tool hints (pi reads the same ones); every tool states all four so no host falls back to a default. */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export const TOOL_AREAS = ["guard", "memory", "recall"] as const;
export type ToolArea = (typeof TOOL_AREAS)[number];
export type ToolHost = "pi" | "mcp";

export interface ToolDef<S extends TSchema = TSchema> {
  name: `keel_${string}`;
  area: ToolArea;
  title: string;
  description: string;
  schema: S;
  annotations: ToolHints;
  /** The hosts that offer it: pi-only tools need pi's session (its model, one multi-action tool). */
  hosts: readonly ToolHost[];
  /** Earlier names a host still accepts (unlisted), so configurations written for them keep working. */
  aliases?: readonly string[];
  /** pi: one line in the system prompt's tool list. */
  promptSnippet?: string;
  /** pi: run one at a time with other tool calls. */
  sequential?: boolean;
  run(ctx: ToolContext, args: Static<S>): Promise<ToolAnswer>;
}

/** Keeps each tool's argument type tied to its own schema while the list holds them all. */
export function defineTool<S extends TSchema>(tool: ToolDef<S>): ToolDef {
  return tool as unknown as ToolDef;
}

/** The most text one answer carries; longer answers are cut with a note saying how to page. */
export const ANSWER_CHARS = 64_000;

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

export const toolError = (text: string): ToolAnswer => ({ text, data: null, isError: true });

/** Runs one call for any host: the schema check, the tool, the bound; a failure is an error answer, never a throw. */
export async function callTool(tool: ToolDef, ctx: ToolContext, args: unknown): Promise<ToolAnswer> {
  const shape = checkShape(tool.schema, args);
  if (!shape.ok) return toolError(`${tool.name}: ${shape.reason.message}`);
  let answer: ToolAnswer;
  try {
    answer = await tool.run(ctx, shape.value);
  } catch (error) {
    return toolError(`${tool.name} failed: ${describeError(error)}`);
  }
  return { ...answer, text: bound(answer.text) };
}

function bound(text: string): string {
  if (text.length <= ANSWER_CHARS) return text;
  return `${text.slice(0, ANSWER_CHARS)}\n[keel: answer cut at ${ANSWER_CHARS} of ${text.length} characters; ask for less (limit, cursor)]`;
}
