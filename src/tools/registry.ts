// keel's tool registry: every area's definitions in one list, and the selection a host serves from it (its own
// tools, optionally only some areas, optionally only the read-only ones). The pi adapter and the MCP server both
// iterate over selectTools, so neither can name, describe or check a tool its own way.
import { fail, ok, type Result } from "../core/result.ts";
import { GUARD_TOOLS } from "../guard/tool-defs.ts";
import { MEMORY_TOOLS } from "../memory/tool-defs.ts";
import { RECALL_TOOLS } from "../recall/lookup/tool-defs.ts";
import { TOOL_AREAS, type ToolArea, type ToolDef, type ToolHost } from "./define.ts";

export const KEEL_TOOLS: readonly ToolDef[] = [...GUARD_TOOLS, ...MEMORY_TOOLS, ...RECALL_TOOLS];

export interface ToolSelection {
  host: ToolHost;
  /** Only these areas (`keel mcp --tools guard,memory`); all when absent. */
  areas?: readonly ToolArea[];
  /** Only tools that change nothing (`keel mcp --read-only`: no verify, no writes). */
  readOnly?: boolean;
}

export function selectTools(selection: ToolSelection, tools: readonly ToolDef[] = KEEL_TOOLS): ToolDef[] {
  return tools.filter(
    (tool) =>
      tool.hosts.includes(selection.host) &&
      (!selection.areas || selection.areas.includes(tool.area)) &&
      (!selection.readOnly || tool.annotations.readOnlyHint),
  );
}

/** Parses `--tools guard,memory`: the areas named, or the first unknown name. */
export function parseToolAreas(list: string): Result<ToolArea[]> {
  const names = list
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.find((name) => !(TOOL_AREAS as readonly string[]).includes(name));
  if (unknown !== undefined || names.length === 0)
    return fail(`--tools takes a comma-separated list of ${TOOL_AREAS.join(", ")}`);
  return ok(names as ToolArea[]);
}

/** The tool a call names: its current name, or an earlier name it still answers to. */
export function findTool(tools: readonly ToolDef[], name: string): ToolDef | undefined {
  return tools.find((tool) => tool.name === name || tool.aliases?.includes(name));
}
