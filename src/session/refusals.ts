// Refusals are not results: a tool call keel refused (the loop brake), the user declined, or keel blocked
// for want of a UI to ask never ran. pi records each as an error tool result whose text is the reason keel
// gave; this file owns those reason texts, so the writer (guard) and every reader (checkpoint, extraction,
// recall, UI) tell a refusal from a failure the same way.
import { textOf } from "./entries.ts";

export type RefusalKind = "loop-brake" | "user" | "no-ui";

interface RefusalForm {
  /** How the reason text keel writes starts; recognised on the way back. */
  prefix: string;
  /** How readers show the call's outcome. */
  label: string;
}

export const REFUSALS: Readonly<Record<RefusalKind, RefusalForm>> = {
  "loop-brake": { prefix: "keel loop brake: ", label: "refused by keel: loop brake" },
  user: { prefix: "The user declined a destructive command: ", label: "refused by the user" },
  "no-ui": { prefix: "keel blocked a destructive command: ", label: "blocked: no UI to confirm" },
};

const KINDS = Object.keys(REFUSALS) as RefusalKind[];

/** The reason text for a refused tool call: what the model reads and what the session file keeps. */
export function writeRefusal(kind: RefusalKind, detail: string): string {
  return `${REFUSALS[kind].prefix}${detail}`;
}

export interface Refusal {
  kind: RefusalKind;
  label: string;
}

/** The refusal a tool result records, or undefined when the call ran (or failed on its own). */
export function readRefusal(message: Record<string, unknown> | undefined): Refusal | undefined {
  if (message?.role !== "toolResult" || message.isError !== true) return undefined;
  const text = textOf(message.content);
  const kind = KINDS.find((k) => text.startsWith(REFUSALS[k].prefix));
  return kind ? { kind, label: REFUSALS[kind].label } : undefined;
}
