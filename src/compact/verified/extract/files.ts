// Files read, modified and deleted over a branch, with end-of-session semantics: the last operation on a
// path decides its list (written then removed → deleted; removed then written → modified; a file that was
// modified or deleted is not also listed as read). Tool calls are classified by their argument shape.
import type { ToolCallInfo } from "../../../session/entries.ts";
import { relativePath } from "./paths.ts";
import { type FileOp, shellFileOps } from "./shell-files.ts";
import type { FileLists } from "./types.ts";

const PATH_KEYS = ["path", "file_path", "filePath", "filename", "file", "target_file", "absolute_path"];
const PAYLOAD_KEYS = [
  "content",
  "newText",
  "oldText",
  "new_str",
  "old_str",
  "new_string",
  "old_string",
  "edits",
  "patch",
  "replacement",
];
const COMMAND_KEYS = ["command", "cmd", "script"];
const SEARCH_KEYS = ["pattern", "query", "glob", "regex"];
const SEARCH_NAMES = /^(grep|rg|find|glob|ls|list|search|keel_)/;
const DELETE_NAMES = /(delete|remove|unlink|rm)$/i;

export type CallShape =
  | { kind: "execute"; command: string }
  | { kind: "patch"; ops: FileOp[] }
  | { kind: "mutate" | "delete" | "read"; path: string }
  | { kind: "search" | "other" };

function stringArg(args: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = args[key];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return undefined;
}

/** What a tool call does, judged from its arguments (and its name only for deletes and searches). */
export function callShape(call: ToolCallInfo): CallShape {
  const command = stringArg(call.args, COMMAND_KEYS);
  if (command !== undefined) return { kind: "execute", command };
  const path = stringArg(call.args, PATH_KEYS);
  const patch = path === undefined ? stringArg(call.args, ["patch", "input", "diff"]) : undefined;
  if (patch !== undefined && /^(\*\*\* (Add|Update|Delete) File:|\+\+\+ |diff --git )/m.test(patch))
    return { kind: "patch", ops: patchOps(patch) };
  if (SEARCH_NAMES.test(call.name) || (path === undefined && SEARCH_KEYS.some((k) => k in call.args)))
    return { kind: "search" };
  if (path === undefined) return { kind: "other" };
  if (DELETE_NAMES.test(call.name)) return { kind: "delete", path };
  if (PAYLOAD_KEYS.some((key) => key in call.args)) return { kind: "mutate", path };
  return { kind: "read", path };
}

/** Files named by a patch: `*** Add/Update/Delete File:` headers, `*** Move to:`, or unified-diff `---`/`+++`. */
function patchOps(patch: string): FileOp[] {
  const ops: FileOp[] = [];
  let from: string | undefined;
  for (const line of patch.split("\n").slice(0, 20_000)) {
    const header = /^\*\*\* (Add|Update|Delete) File: (.+)$/.exec(line);
    if (header)
      ops.push({ op: header[1] === "Delete" ? "delete" : "modify", path: (header[2] as string).trim() });
    const moved = /^\*\*\* Move to: (.+)$/.exec(line);
    if (moved) {
      const last = ops.pop();
      if (last) ops.push({ op: "delete", path: last.path });
      ops.push({ op: "modify", path: (moved[1] as string).trim() });
    }
    const minus = /^--- (?:a\/)?(.+)$/.exec(line);
    if (minus) from = minus[1]?.trim();
    const plus = /^\+\+\+ (?:b\/)?(.+)$/.exec(line);
    if (plus) {
      const to = plus[1]?.trim();
      if (to === "/dev/null" && from) ops.push({ op: "delete", path: from });
      else if (to) ops.push({ op: "modify", path: to });
    }
  }
  return ops;
}

/** The file operations of one call; `failed` calls count only for the shell steps that ran before the failing one. */
export function callFileOps(shape: CallShape, cwd: string, failed: boolean): FileOp[] {
  if (shape.kind === "execute") {
    const ops = shellFileOps(shape.command, cwd);
    return failed ? ops.slice(0, Math.max(0, lastCommandStart(ops))) : ops;
  }
  if (failed) return [];
  if (shape.kind === "patch") return shape.ops.map((op) => ({ op: op.op, path: relativePath(op.path, cwd) }));
  if (shape.kind === "mutate") return [{ op: "modify", path: relativePath(shape.path, cwd) }];
  if (shape.kind === "delete") return [{ op: "delete", path: relativePath(shape.path, cwd) }];
  if (shape.kind === "read") return [{ op: "read", path: relativePath(shape.path, cwd) }];
  return [];
}

/** A failed command line: which of its operations to keep is unknown, so all but the last are kept. */
function lastCommandStart(ops: FileOp[]): number {
  return ops.length - 1;
}

export interface FileTracker {
  apply(ops: readonly FileOp[]): void;
  lists(): FileLists;
}

export function createFileTracker(): FileTracker {
  const last = new Map<string, "modify" | "delete">();
  const read = new Set<string>();
  return {
    apply(ops) {
      for (const { op, path } of ops) {
        if (op === "read") read.add(path);
        else {
          last.delete(path);
          last.set(path, op);
          if (op === "delete") {
            for (const known of [...last.keys()]) if (known.startsWith(`${path}/`)) last.set(known, "delete");
            for (const known of read) if (known.startsWith(`${path}/`)) last.set(known, "delete");
          }
        }
      }
    },
    lists() {
      const modified: string[] = [];
      const deleted: string[] = [];
      for (const [path, op] of last) (op === "modify" ? modified : deleted).push(path);
      return { read: [...read].filter((path) => !last.has(path)), modified, deleted };
    },
  };
}
