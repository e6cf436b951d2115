// The guard tools' parameters as TypeBox schemas, defined once for every host that offers them (pi tools, MCP);
// the types are derived with Static<>, so the schema and the code that reads it cannot drift apart.
import { type Static, Type } from "typebox";
import { TIMEOUT_BOUNDS_S } from "./evidence/verify.ts";
import { JOURNAL_LIMITS, JOURNAL_TYPES } from "./journal.ts";

const closed = { additionalProperties: false } as const;

/** How many rows one list answer holds, for every surface (the CLI's -n takes the same range). */
export const LIST_PAGE = { min: 1, max: 100 } as const;
/** The largest row number (evidence #, journal #) any surface accepts. */
export const ROW_MAX = 2 ** 31;

export const VerifyParams = Type.Object(
  {
    command: Type.String({ minLength: 1, maxLength: 4000 }),
    timeout_s: Type.Optional(Type.Integer({ minimum: TIMEOUT_BOUNDS_S.min, maximum: TIMEOUT_BOUNDS_S.max })),
  },
  closed,
);
export type VerifyParams = Static<typeof VerifyParams>;

export const NoteParams = Type.Object(
  {
    type: Type.Enum(JOURNAL_TYPES),
    text: Type.String({ minLength: 1, maxLength: 2000 }),
    tags: Type.Optional(
      Type.Array(Type.String({ maxLength: JOURNAL_LIMITS.tagChars }), { maxItems: JOURNAL_LIMITS.tags }),
    ),
  },
  closed,
);
export type NoteParams = Static<typeof NoteParams>;

export const CheckParams = Type.Object({ claim: Type.String({ minLength: 1, maxLength: 2000 }) }, closed);
export type CheckParams = Static<typeof CheckParams>;

export const StatusParams = Type.Object({}, closed);

export const EvidenceParams = Type.Object(
  {
    number: Type.Optional(Type.Integer({ minimum: 1, maximum: ROW_MAX, description: "one run in full" })),
    limit: Type.Optional(
      Type.Integer({ minimum: LIST_PAGE.min, maximum: LIST_PAGE.max, description: "how many recent runs" }),
    ),
  },
  closed,
);
export type EvidenceParams = Static<typeof EvidenceParams>;

export const JournalListParams = Type.Object(
  {
    type: Type.Optional(Type.Enum(JOURNAL_TYPES)),
    limit: Type.Optional(Type.Integer({ minimum: LIST_PAGE.min, maximum: LIST_PAGE.max })),
  },
  closed,
);
export type JournalListParams = Static<typeof JournalListParams>;

export const ScreenParams = Type.Object(
  {
    command: Type.String({ minLength: 1, maxLength: 4000 }),
    cwd: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 4096,
        description:
          "the folder the command would run in, inside the project: deletes are then judged by what git says (ignored output passes, uncommitted work asks)",
      }),
    ),
  },
  closed,
);
export type ScreenParams = Static<typeof ScreenParams>;

export const DiffParams = Type.Object(
  {
    baseline: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        pattern: "^[^-\\s][^\\s]*$",
        description: "commit to compare with (default: the session's baseline)",
      }),
    ),
  },
  closed,
);
export type DiffParams = Static<typeof DiffParams>;
