// The keel_memory tool's parameters as one TypeBox schema (closed at every level), shared by the pi tool, the
// `/keel memory` verbs, the CLI and MCP; the action list, the id pattern and the input types derive from it.
import { type Static, Type } from "typebox";
import {
  MEMORY_ACTIONS,
  MEMORY_CATEGORIES,
  MEMORY_ID_PATTERN,
  MEMORY_KINDS,
  MEMORY_LIMITS,
  type MemoryAction,
} from "./model.ts";

const closed = { additionalProperties: false } as const;

export { MEMORY_ACTIONS, MEMORY_ID_PATTERN, type MemoryAction };

const Kind = Type.Enum(MEMORY_KINDS);
const Id = Type.String({ pattern: MEMORY_ID_PATTERN, examples: ["mem-20261201-3f9a0c1b2d4e"] });
const Expiry = Type.Union([Type.String(), Type.Null()]);
const Summary = {
  title: Type.String({ minLength: 1, maxLength: MEMORY_LIMITS.titleChars }),
  body: Type.String({ maxLength: MEMORY_LIMITS.bodyBytes }),
  kind: Kind,
  category: Type.Enum(MEMORY_CATEGORIES),
  tags: Type.Optional(
    Type.Array(Type.String({ maxLength: MEMORY_LIMITS.tagChars }), { maxItems: MEMORY_LIMITS.tags }),
  ),
  links: Type.Optional(Type.Array(Id, { maxItems: MEMORY_LIMITS.links })),
};

/** A record as a caller asks to store it; optional fields default as the spec says. */
export const RecordInputSchema = Type.Object(
  {
    ...Summary,
    pinned: Type.Optional(Type.Boolean()),
    expiresAt: Type.Optional(Expiry),
    sourceRefs: Type.Optional(
      Type.Array(Type.String({ maxLength: MEMORY_LIMITS.sourceRefChars }), {
        maxItems: MEMORY_LIMITS.sourceRefs,
      }),
    ),
    supersedes: Type.Optional(Id),
    aliases: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: MEMORY_LIMITS.aliasChars }), {
        maxItems: MEMORY_LIMITS.aliases,
        description: "other words someone might search for this by (questions, synonyms); optional",
      }),
    ),
  },
  { ...closed, description: "record: the new record; set supersedes to replace an outdated one" },
);
export type RecordInput = Static<typeof RecordInputSchema>;

export const CleanupProposalSchema = Type.Object(
  {
    revision: Type.Integer(),
    removeIds: Type.Array(Id, { maxItems: MEMORY_LIMITS.cleanupObsolete }),
    consolidations: Type.Array(
      Type.Object(
        { sourceIds: Type.Array(Id, { minItems: 1 }), summary: Type.Object(Summary, closed) },
        closed,
      ),
      { maxItems: MEMORY_LIMITS.consolidations },
    ),
  },
  closed,
);

export const MemoryToolSchema = Type.Object(
  {
    action: Type.Enum(MEMORY_ACTIONS, { description: "what to do; each action takes only its own fields" }),
    query: Type.Optional(
      Type.String({
        maxLength: MEMORY_LIMITS.queryChars,
        description: "search: the question or words to look for",
      }),
    ),
    queries: Type.Optional(
      Type.Array(Type.String({ maxLength: MEMORY_LIMITS.queryChars }), {
        maxItems: 4,
        description:
          "search: one to four more phrasings of the same question in other words (pass two or three: records are " +
          "found by meaning as well as words, and each phrasing can reach a record the others miss)",
      }),
    ),
    kinds: Type.Optional(Type.Array(Kind, { uniqueItems: true, description: "search: only these kinds" })),
    includeSuperseded: Type.Optional(
      Type.Boolean({ description: "search: also return replaced records (after current ones)" }),
    ),
    source: Type.Optional(
      Type.Enum(["records", "derived"], {
        description: "search: 'records' (default) or 'derived' facts indexed from compactions",
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MEMORY_LIMITS.searchLimitMax })),
    id: Type.Optional(Id),
    record: Type.Optional(RecordInputSchema),
    oldId: Type.Optional(Id),
    newId: Type.Optional(Id),
    retention: Type.Optional(
      Type.Object({ pinned: Type.Optional(Type.Boolean()), expiresAt: Type.Optional(Expiry) }, closed),
    ),
    requestedFreeBytes: Type.Optional(Type.Integer({ minimum: 0 })),
    proposal: Type.Optional(CleanupProposalSchema),
  },
  closed,
);
export type MemoryToolParams = Static<typeof MemoryToolSchema>;
