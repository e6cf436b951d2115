// One-line tool-call signatures for checkpoints: display notation only, never a replayable command.
// File paths become relative to the session cwd, shell commands show that cwd as `.`, bodies (for any tool:
// see tool-args.ts) and edit arrays shrink to sizes, and any other argument keeps a JSON-encoded prefix of at
// most 160 characters.
import { isAbsolute, relative, sep } from "node:path";
import { boundedJson } from "../../core/bounded-json.ts";
import type { ToolCallInfo } from "../../session/entries.ts";
import { isBodyArg, pathKeyOf } from "./tool-args.ts";

export const ARG_PREVIEW_CHARS = 160;
const ELLIPSIS = "…";

/** `value` JSON-encoded, cut to 160 characters with a single trailing ellipsis when longer. */
export function previewJson(value: unknown): string {
  const json = boundedJson(value, { maxChars: ARG_PREVIEW_CHARS * 2 }) ?? "undefined";
  return clip(json, ARG_PREVIEW_CHARS);
}

/** Cuts `text` to `max` characters plus one ellipsis, never splitting a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}${ELLIPSIS}`;
}

/** A path relative to `cwd` when it lies inside it; otherwise unchanged. `cwd` itself becomes `.`. */
export function displayPath(path: string, cwd: string): string {
  // A leading "/" is absolute on every platform; only other paths need node's platform rule.
  if (!cwd || (path.charCodeAt(0) !== 47 && !isAbsolute(path))) return path;
  const root = cwd.endsWith("/") ? cwd : `${cwd}/`;
  if (path.startsWith(root) && !path.includes("/.") && !path.includes("//"))
    return path.slice(root.length) || ".";
  const rel = relative(cwd, path);
  if (rel === "") return ".";
  if (rel.startsWith("..") || isAbsolute(rel)) return path;
  return rel.split(sep).join("/");
}

const PATH_CHAR = /[A-Za-z0-9_.~+@-]/;

/** Replaces the cwd with `.` where it stands as a whole path segment run (`cd /p && ls /p/src` → `cd . && ls ./src`). */
export function shellCwdToDot(command: string, cwd: string): string {
  const root = cwd.endsWith("/") ? cwd.replace(/\/+$/, "") : cwd;
  if (root === "" || !command.includes(root)) return command;
  let out = "";
  let from = 0;
  for (let at = command.indexOf(root); at !== -1; at = command.indexOf(root, at + root.length)) {
    const before = at === 0 ? "" : command[at - 1]!;
    const after = command[at + root.length] ?? "";
    const startsClean = before === "" || !(PATH_CHAR.test(before) || before === "/");
    const endsClean = after === "" || after === "/" || !PATH_CHAR.test(after);
    if (!startsClean || !endsClean) continue;
    out += `${command.slice(from, at)}.`;
    from = at + root.length;
  }
  return out + command.slice(from);
}

function formatArg(key: string, value: unknown, pathKey: string | undefined, cwd: string): string {
  if (key === pathKey && typeof value === "string")
    return `${key}=${JSON.stringify(displayPath(value, cwd))}`;
  if (key === "edits" && Array.isArray(value)) return `edits=${value.length}`;
  if (isBodyArg(key, value)) return `${key}=[${lengthOf(value)} chars]`;
  if (typeof value === "string" && (key === "command" || key === "cwd")) {
    return `${key}=${previewJson(shellCwdToDot(value, cwd))}`;
  }
  return `${key}=${previewJson(value)}`;
}

const lengthOf = (value: unknown) =>
  typeof value === "string" ? value.length : (boundedJson(value) ?? "").length;

const PLAIN_NAME = /^[\w.:/-]{1,80}$/;

/** `name(key=value, …)` on one line. */
export function formatToolCall(call: ToolCallInfo, cwd: string): string {
  const name = PLAIN_NAME.test(call.name) ? call.name : previewJson(call.name);
  const { args } = call;
  const pathKey = pathKeyOf(call.name, args);
  let shown = "";
  for (const key of Object.keys(args)) {
    shown += `${shown === "" ? "" : ", "}${formatArg(key, args[key], pathKey, cwd)}`;
  }
  return `${name}(${shown})`;
}
