// Hygiene limits and the read-only allowlist: which tool outputs may be trimmed or spilled, which reads count
// as instructions or skills (always kept inline), and the short source label shown in markers and search.
import { basename } from "node:path";
import { oneLine } from "../../core/one-line.ts";
import { scrubSecrets } from "../../core/secrets.ts";

export interface HygieneLimits {
  /** The most recent assistant turns (and everything after the oldest of them) stay untouched. */
  protectTurns: number;
  /** Tool outputs shorter than this are never trimmed. */
  minChars: number;
  /** Outputs trimmed per batch at most. */
  maxBatch: number;
  /** An automatic batch must save at least this many characters (after markers). */
  autoMinNetChars: number;
  /** Assistant turns between automatic batches (since the last keel trim, rewind or compaction). */
  cooldownTurns: number;
  /** Context usage (percent of the window) at which automatic trimming may commit. */
  autoPercent: number;
  /** Context edits one rewind may append at most; beyond it nothing is rewound. */
  maxRewindEdits: number;
}

export const DEFAULT_LIMITS: HygieneLimits = {
  protectTurns: 4,
  minChars: 4096,
  maxBatch: 32,
  autoMinNetChars: 16_384,
  cooldownTurns: 8,
  autoPercent: 50,
  maxRewindEdits: 512,
};

/** pi's built-in tools that only look at files; their outputs can be read again from the session. */
const READ_ONLY_TOOLS = new Set(["read", "grep", "find", "ls"]);
/** keel's own recovery and lookup tools: read-only, but never trimmed or spilled again. */
const RECOVERY_TOOLS = new Set(["keel_context", "keel_entries", "keel_grep", "keel_entry", "keel_lookup"]);
/** Tools whose large outputs may be spilled to an artifact: searches and listings, never file reads. */
const SPILL_TOOLS = new Set(["grep", "find", "ls"]);

const INSTRUCTION_NAME = /^(AGENTS|CLAUDE|GEMINI)(\.override)?\.md$|^SKILL\.md$/i;
const INSTRUCTION_DIR = /(^|[\\/])(\.pi|\.claude|skills|prompts)[\\/]/i;

export const isReadOnlyTool = (name: string) => READ_ONLY_TOOLS.has(name);
export const isRecoveryTool = (name: string) => RECOVERY_TOOLS.has(name);
export const isSpillTool = (name: string) => SPILL_TOOLS.has(name);

/** The first path-like argument of a call (pi's tools use `path`; others use file_path and the like). */
export function pathArg(args: Record<string, unknown>): string | undefined {
  for (const key of ["path", "file_path", "filePath", "file", "filename"]) {
    const value = args[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** A read of an instruction or skill file: kept inline through trimming, spill and rewind. */
export function isInstructionRead(toolName: string, args: Record<string, unknown>): boolean {
  if (toolName !== "read") return false;
  const path = pathArg(args);
  if (path === undefined) return false;
  return INSTRUCTION_NAME.test(basename(path)) || INSTRUCTION_DIR.test(path);
}

/** A one-line description of what produced an output: `read src/a.ts`, `grep "TODO" in src`. */
export function sourceLabel(toolName: string, args: Record<string, unknown>): string {
  const path = pathArg(args);
  const pattern = typeof args.pattern === "string" ? args.pattern : undefined;
  const parts = [toolName];
  if (pattern !== undefined) parts.push(JSON.stringify(pattern.slice(0, 80)));
  if (path !== undefined) parts.push(pattern !== undefined ? `in ${path}` : path);
  return oneLine(scrubSecrets(parts.join(" ")).text, 200);
}
