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
  // Inside `cwd` + "/" (checked without building that string).
  const rootLength = cwd.endsWith("/") ? cwd.length : cwd.length + 1;
  const inside = path.startsWith(cwd) && (rootLength === cwd.length || path.charCodeAt(cwd.length) === 47);
  if (inside && !path.includes("/.") && !path.includes("//")) return path.slice(rootLength) || ".";
  const rel = relative(cwd, path);
  if (rel === "") return ".";
  if (rel.startsWith("..") || isAbsolute(rel)) return path;
  return rel.split(sep).join("/");
}

/** Whether a UTF-16 code unit may be part of a file name, dots aside: [A-Za-z0-9_~+@-]. */
export function isNameCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 126 ||
    code === 43 ||
    code === 64 ||
    code === 45
  );
}

/** [A-Za-z0-9_.~+@-]. */
const isPathCode = (code: number) => isNameCode(code) || code === 46;

const SLASH = 47;

/** Replaces the cwd with `.` where it stands as a whole path segment run (`cd /p && ls /p/src` → `cd . && ls ./src`). */
export function shellCwdToDot(command: string, cwd: string): string {
  const root = cwd.endsWith("/") ? cwd.replace(/\/+$/, "") : cwd;
  if (root === "" || !command.includes(root)) return command;
  let out = "";
  let from = 0;
  for (let at = command.indexOf(root); at !== -1; at = command.indexOf(root, at + root.length)) {
    const before = at === 0 ? -1 : command.charCodeAt(at - 1);
    const after = at + root.length < command.length ? command.charCodeAt(at + root.length) : -1;
    const startsClean = before === -1 || !(isPathCode(before) || before === SLASH);
    const endsClean = after === -1 || after === SLASH || !isPathCode(after);
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
