// The keel_context tool's parameters (TypeBox), shared by the pi tool and any other surface that runs it.
import { Type } from "typebox";

export const CONTEXT_ACTIONS = ["status", "plan", "trim", "read", "search", "checkpoint", "rewind"] as const;
export type ContextAction = (typeof CONTEXT_ACTIONS)[number];

export const ContextParams = Type.Object(
  {
    action: Type.Union(
      CONTEXT_ACTIONS.map((a) => Type.Literal(a)),
      { description: "status | plan | trim | read | search | checkpoint | rewind" },
    ),
    ref: Type.Optional(
      Type.String({ maxLength: 80, description: "read: t:<entry id> or a:<sha256> from a marker or search" }),
    ),
    offset: Type.Optional(Type.Integer({ minimum: 0, description: "read: character offset to start at" })),
    maxChars: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 16_384, description: "read: page size (default 4096)" }),
    ),
    query: Type.Optional(
      Type.String({ minLength: 1, maxLength: 500, description: "search: literal text, case-insensitive" }),
    ),
    cursor: Type.Optional(
      Type.Integer({ minimum: 0, description: "search: nextCursor of the previous page" }),
    ),
    report: Type.Optional(
      Type.String({ maxLength: 8000, description: "rewind: what the detour found, kept in context" }),
    ),
  },
  { additionalProperties: false },
);

export interface ContextInput {
  action: ContextAction;
  ref?: string;
  offset?: number;
  maxChars?: number;
  query?: string;
  cursor?: number;
  report?: string;
}

export const CONTEXT_TOOL_DESCRIPTION =
  "Keep this session's context small and recoverable. status: what keel trimmed and saved. plan: preview a trim (changes nothing). trim: replace old large read-only tool outputs by short markers when this turn ends (the full text stays in the session). read: page through a trimmed output or stored artifact by ref. search: literal search across tool outputs and artifacts on this branch. checkpoint / rewind: mark the start of a read-only research detour, then drop it from context and keep only your report (files and processes are never rolled back).";
