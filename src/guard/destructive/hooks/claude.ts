// Claude Code's PreToolUse hook protocol for its Bash tool: the hook reads one JSON object on stdin
// (`tool_name`, `tool_input.command`, `cwd`, `hook_event_name`) and answers on stdout with
// `hookSpecificOutput.permissionDecision` ("deny" | "ask" | "allow") and a reason. A command the screen
// passes gets no decision (Claude Code's own permission rules still apply) unless allowSafe is set.
import { existsSync } from "node:fs";
import { fail, ok, type Result } from "../../../core/result.ts";
import { screenOptionsFor } from "../project-view.ts";
import { type ScreenResult, screenCommand } from "../screen.ts";

export interface HookAnswer {
  /** The JSON to print on stdout, or undefined to print nothing (no decision). */
  output?: Record<string, unknown>;
}

interface HookInput {
  hook_event_name?: unknown;
  tool_name?: unknown;
  tool_input?: { command?: unknown } | null;
  cwd?: unknown;
}

export function answerClaudeHook(text: string, allowSafe = false): Result<HookAnswer> {
  let input: HookInput;
  try {
    input = JSON.parse(text) as HookInput;
  } catch (error) {
    return fail(`the hook input is not JSON (${(error as Error).message})`);
  }
  if (input === null || typeof input !== "object") return fail("the hook input is not a JSON object");
  if (input.hook_event_name !== undefined && input.hook_event_name !== "PreToolUse") return ok({});
  if (input.tool_name !== "Bash") return ok({});
  const command = input.tool_input?.command;
  if (typeof command !== "string") return fail("the Bash tool input has no command string");
  const cwd = typeof input.cwd === "string" && existsSync(input.cwd) ? input.cwd : undefined;
  const result = screenCommand(command, cwd ? screenOptionsFor(cwd) : {});
  return ok(decide(result, allowSafe));
}

function decide(result: ScreenResult, allowSafe: boolean): HookAnswer {
  if (!result.destructive)
    return allowSafe ? { output: hookOutput("allow", "keel screen: not destructive") } : {};
  const reason = `keel screen (${result.pack}/${result.rule}): ${result.reason} in \`${result.segment}\`. Safer: ${result.alternative}.`;
  return { output: hookOutput(result.verdict, reason) };
}

function hookOutput(decision: "deny" | "ask" | "allow", reason: string): Record<string, unknown> {
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: decision,
      permissionDecisionReason: reason,
    },
  };
}
