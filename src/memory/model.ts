// Project memory's vocabulary: record kinds, categories, statuses, limits, error codes and the shapes every
// memory surface (CLI, tool, server) exchanges. Plain data only.
import type { Problem, Result } from "../core/result.ts";
import type { Origin } from "../store/schema/origin.ts";

export type { Origin };

/** The one shape of a memory record id. */
/** The keel_memory tool's actions (tool-schema.ts builds the schema on them). */
export const MEMORY_ACTIONS = [
  "status",
  "search",
  "read",
  "record",
  "supersede",
  "retention",
  "cleanup_plan",
  "cleanup_apply",
] as const;
export type MemoryAction = (typeof MEMORY_ACTIONS)[number];

export const MEMORY_ID_PATTERN = "^mem-[a-z0-9-]{4,64}$";

export const MEMORY_KINDS = [
  "context",
  "decision",
  "fact",
  "handoff",
  "lesson",
  "note",
  "preference",
  "runbook",
] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

export const MEMORY_CATEGORIES = ["session", "structure", "decision", "other"] as const;
export type MemoryCategory = (typeof MEMORY_CATEGORIES)[number];

export const MEMORY_STATUSES = ["active", "superseded", "rejected"] as const;
export type MemoryStatus = (typeof MEMORY_STATUSES)[number];

/** Who wrote a record: the owner, the agent, or keel itself ("derived": from confirmed compactions, searched
 * separately). */
export type MemoryOrigin = Origin | "derived";

export const CLEANUP_MODES = ["auto", "ask"] as const;
export type CleanupMode = (typeof CLEANUP_MODES)[number];

export const MEMORY_LIMITS = {
  titleChars: 200,
  bodyBytes: 65_536,
  tags: 32,
  tagChars: 64,
  links: 64,
  sourceRefs: 64,
  aliases: 8,
  aliasChars: 120,
  sourceRefChars: 2_048,
  provenance: 256,
  queryChars: 500,
  searchLimitDefault: 10,
  searchLimitMax: 100,
  backlinks: 100,
  cleanupObsolete: 100,
  cleanupCandidates: 20,
  consolidations: 8,
  consolidationSources: 20,
  derivedPerProject: 2_000,
} as const;

export const DEFAULT_POLICY = {
  maxBytes: 10 * 1024 * 1024,
  cleanupMode: "auto" as CleanupMode,
  sessionTtlMs: 90 * 24 * 60 * 60 * 1000,
};

export type MemoryErrorCode =
  | "INVALID_INPUT"
  | "NOT_FOUND"
  | "UNKNOWN_LINK"
  | "ALREADY_SUPERSEDED"
  | "QUOTA_EXCEEDED"
  | "STALE_PLAN"
  | "APPROVAL_REQUIRED"
  | "CLEANUP_PROTECTED"
  | "CLEANUP_INVALID"
  | "NO_CLEANUP_PROGRESS"
  | "PROJECT_UNAVAILABLE"
  | "STORE_UNAVAILABLE";

/** A memory failure: the code callers branch on, a sentence for people, the input field at fault. */
export type MemoryError = Problem<MemoryErrorCode>;

export type MemoryResult<T> = Result<T, MemoryError>;

export interface Provenance {
  sessionId: string | null;
  head: string | null;
  worktree: string | null;
}

/** What a caller asks to store; the type is derived from its TypeBox schema. */
export type { RecordInput } from "./tool-schema.ts";

/** A secret that was removed before storing, by field; the secret itself is never echoed. */
export interface Redaction {
  field: string;
  kind: string;
  count: number;
}

export interface MemoryRecord {
  id: string;
  title: string;
  body: string;
  kind: MemoryKind;
  category: MemoryCategory;
  status: MemoryStatus;
  origin: MemoryOrigin;
  tags: string[];
  links: string[];
  pinned: boolean;
  expiresAt: string | null;
  sourceRefs: string[];
  /** Other phrasings someone might search for. */
  aliases: string[];
  provenance: Provenance[];
  consolidatedFrom: string[];
  supersededBy: string | null;
  sessionId: string | null;
  branchId: string | null;
  bytes: number;
  createdAt: string;
  updatedAt: string;
}

/** Who is writing and from where: stamped on every record written through a surface. */
export interface WriteContext {
  projectId: string;
  origin: Origin;
  provenance: Provenance;
  cleanupMode?: CleanupMode;
}

export interface MemoryPolicy {
  maxBytes: number;
  cleanupMode: CleanupMode;
  sessionTtlMs: number;
}
