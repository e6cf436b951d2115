// What a tool call's arguments say about files, for any tool: pi's built-ins by name, other tools by the shape
// of their arguments (a path-like value under a path key; a body or edit beside it means the file is changed,
// a reading name means it is read). Also which arguments carry bodies, so signatures show their size only.
// Pure; signature.ts formats calls, file-evidence.ts lists the files.
import type { ToolCallInfo } from "../../session/entries.ts";

const BUILT_IN_FILE_TOOLS = new Set(["read", "write", "edit", "ls", "find", "grep"]);
const BUILT_IN_MUTATING = new Set(["write", "edit"]);

const PATH_KEYS = [
  "path",
  "file_path",
  "filePath",
  "file",
  "filename",
  "file_name",
  "fileName",
  "target_file",
  "targetFile",
  "notebook_path",
];

/** Arguments that carry file bodies, replacement text or patches: shown by size, never by content. */
const CONTENT_KEYS = new Set([
  "content",
  "contents",
  "file_text",
  "body",
  "text",
  "data",
  "code",
  "source",
  "patch",
  "diff",
  "oldText",
  "newText",
  "old_str",
  "new_str",
  "old_string",
  "new_string",
  "insert_text",
  "replacement",
]);

/** Keys whose presence beside a path means the call changes that file. */
const CHANGE_KEYS = new Set([
  "content",
  "contents",
  "file_text",
  "patch",
  "diff",
  "edits",
  "newText",
  "new_str",
  "new_string",
  "insert_text",
  "replacement",
]);

const BUILT_IN_PATH_KEYS = ["path", "file_path", "filePath"];

const READING_NAME = /(?:^|[_.:-])(?:read|view|cat|open|load|show)(?:$|[_.:-])|^(?:read|view)[A-Z_]/;
const LINE_BREAK_OR_NUL = /[\n\r\0]/;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A value that can only be a file path: one line, no URL scheme, within a sane length. */
function isPathLike(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length <= 4096 &&
    value.trim() !== "" &&
    !LINE_BREAK_OR_NUL.test(value) &&
    !(value.includes("://") && URL_SCHEME.test(value))
  );
}

/** The key holding the call's file path, if its arguments have one. */
export function pathKeyOf(tool: string, args: Record<string, unknown>): string | undefined {
  const keys = BUILT_IN_FILE_TOOLS.has(tool) ? BUILT_IN_PATH_KEYS : PATH_KEYS;
  for (const key of keys) if (isPathLike(args[key])) return key;
  return undefined;
}

export function pathArg(tool: string, args: Record<string, unknown>): string | undefined {
  const key = pathKeyOf(tool, args);
  return key === undefined ? undefined : (args[key] as string);
}

export type FileOperation = { path: string; kind: "read" | "modified" };

/** The file a call reads or changes, or undefined when its shape does not make that clear. */
export function fileOperation(call: Pick<ToolCallInfo, "name" | "args">): FileOperation | undefined {
  const path = pathArg(call.name, call.args);
  if (path === undefined) return undefined;
  if (BUILT_IN_FILE_TOOLS.has(call.name)) {
    if (BUILT_IN_MUTATING.has(call.name)) return { path, kind: "modified" };
    return call.name === "read" ? { path, kind: "read" } : undefined;
  }
  if (Object.keys(call.args).some((key) => CHANGE_KEYS.has(key))) return { path, kind: "modified" };
  return READING_NAME.test(call.name) ? { path, kind: "read" } : undefined;
}

/** Whether an argument is a body to summarise by size: a content-like key, or any multi-line text. */
export function isBodyArg(key: string, value: unknown): boolean {
  if (typeof value !== "string") return CONTENT_KEYS.has(key) && value !== null && typeof value === "object";
  return CONTENT_KEYS.has(key) || (key !== "command" && value.includes("\n"));
}
