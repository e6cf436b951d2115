// Parameter schemas and one dispatcher for the three lookup operations, shared by the pi tools (keel_entries,
// keel_grep, keel_entry), the keel_lookup sub-agent and MCP (keel_recall_entries|grep|entry), so all run the same
// searches. One set of names everywhere: `keel lookup entries|grep|entry`, lookupEntries|lookupGrep|lookupEntry.
import { Type } from "typebox";
import { lookupEntries, lookupEntry, lookupGrep } from "./lookup.ts";
import type { Transcript } from "./transcript.ts";

const closed = { additionalProperties: false } as const;

export const EntriesParams = Type.Object(
  {
    cursor: Type.Optional(Type.String({ description: "nextCursor of the previous page" })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    role: Type.Optional(
      Type.String({ description: "only this role: user, assistant, toolResult, custom, compaction…" }),
    ),
  },
  closed,
);

export const GrepParams = Type.Object(
  {
    pattern: Type.String({
      minLength: 1,
      maxLength: 500,
      description:
        "regular expression in RE2 syntax, linear time: no lookahead or backreferences (or literal text with regex: false)",
    }),
    regex: Type.Optional(Type.Boolean()),
    caseSensitive: Type.Optional(Type.Boolean()),
    before: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
    after: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
    entryId: Type.Optional(Type.String({ description: "search only this entry" })),
    cursor: Type.Optional(Type.String()),
  },
  closed,
);

export const EntryParams = Type.Object(
  {
    id: Type.String({ minLength: 1, description: "entry id from keel_entries or keel_grep" }),
    cursor: Type.Optional(Type.String()),
    maxLines: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
  },
  closed,
);

export type LookupToolName = "entries" | "grep" | "entry";

/** Runs one lookup tool on a transcript and returns JSON text (or an error line) for the model. */
export async function runLookupTool(
  transcript: Transcript,
  name: LookupToolName,
  args: Record<string, unknown>,
): Promise<{ text: string; isError: boolean }> {
  const result =
    name === "entries"
      ? lookupEntries(transcript, args)
      : name === "grep"
        ? await lookupGrep(transcript, args as { pattern: string })
        : lookupEntry(transcript, args as { id: string });
  return result.ok
    ? { text: JSON.stringify(result.value), isError: false }
    : { text: `error: ${result.reason}`, isError: true };
}

/** A call that only follows a cursor does not spend the substantive search budget. */
export function isContinuation(
  args: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): boolean {
  if (typeof args.cursor !== "string" || !previous) return false;
  const strip = ({ cursor: _c, ...rest }: Record<string, unknown>) => JSON.stringify(rest);
  return strip(args) === strip(previous) && args.cursor !== previous.cursor;
}
