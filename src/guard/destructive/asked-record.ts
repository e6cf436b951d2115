// The session record of a destructive command keel stopped to ask about: what was asked (the command, the
// screen's rule and reason), what the person answered (approved or declined) or that no one could be asked.
// Hosts write it as a session entry (pi: a `keel.guard.destructive` custom entry) so an approved command leaves a
// trace too; the conversation view reads it back. The text is redacted and bounded here, once, for every writer.
import { redact } from "../../core/secrets.ts";
import { asRecord, stringField } from "../../session/entries.ts";

export const DESTRUCTIVE_ASKED_TYPE = "keel.guard.destructive";

/** approved / declined: the person answered; no-ui: the host had no one to ask, so keel blocked the command. */
export type AskedOutcome = "approved" | "declined" | "no-ui";

const OUTCOMES: readonly AskedOutcome[] = ["approved", "declined", "no-ui"];
/** How much of the command the record keeps (a heredoc script can be long); the rest is counted. */
export const ASKED_COMMAND_CHARS = 4_000;
const REASON_CHARS = 1_000;
const RULE_CHARS = 200;

export interface DestructiveAsked {
  schemaVersion: 1;
  outcome: AskedOutcome;
  command: string;
  /** The command's full length when `command` was cut, else absent. */
  commandChars?: number;
  rule: string;
  reason: string;
  toolCallId: string;
}

const cut = (text: string, chars: number): string =>
  text.length > chars ? `${text.slice(0, chars)}…` : text;

/** The record of one question and its answer: redacted first, then bounded. */
export function composeDestructiveAsked(input: {
  outcome: AskedOutcome;
  command: string;
  rule: string;
  reason: string;
  toolCallId: string;
}): DestructiveAsked {
  const command = redact(input.command);
  return {
    schemaVersion: 1,
    outcome: input.outcome,
    command: cut(command, ASKED_COMMAND_CHARS),
    ...(command.length > ASKED_COMMAND_CHARS ? { commandChars: command.length } : {}),
    rule: cut(redact(input.rule), RULE_CHARS),
    reason: cut(redact(input.reason), REASON_CHARS),
    toolCallId: cut(input.toolCallId, RULE_CHARS),
  };
}

/**
 * A record read back from a session file (any writer, any version), or undefined when it is not one. The file is
 * not trusted: each field is cut to the bound the writer keeps.
 */
export function readDestructiveAsked(data: unknown): DestructiveAsked | undefined {
  const record = asRecord(data);
  const outcome = stringField(record, "outcome") as AskedOutcome | undefined;
  const command = stringField(record, "command");
  if (!record || !outcome || !OUTCOMES.includes(outcome) || command === undefined) return undefined;
  const chars = record.commandChars;
  const field = (key: string, bound: number) => cut(stringField(record, key) ?? "", bound);
  return {
    schemaVersion: 1,
    outcome,
    command: cut(command, ASKED_COMMAND_CHARS),
    ...(typeof chars === "number" && Number.isFinite(chars) ? { commandChars: chars } : {}),
    rule: field("rule", RULE_CHARS),
    reason: field("reason", REASON_CHARS),
    toolCallId: field("toolCallId", RULE_CHARS),
  };
}

const HEADLINES: Readonly<Record<AskedOutcome, string>> = {
  approved: "Destructive command asked: approved by the user",
  declined: "Destructive command asked: declined by the user",
  "no-ui": "Destructive command blocked: no UI to ask the user",
};

/** One line a person reads: what happened and why keel asked. */
export function describeDestructiveAsked(asked: DestructiveAsked): string {
  return asked.reason ? `${HEADLINES[asked.outcome]} (${asked.reason})` : HEADLINES[asked.outcome];
}

/** The fold under the line: the command as asked, then the rule. */
export function renderDestructiveAsked(asked: DestructiveAsked): string {
  const more =
    asked.commandChars !== undefined
      ? `\n(${asked.commandChars.toLocaleString("en-US")} chars; the first ${ASKED_COMMAND_CHARS.toLocaleString("en-US")} kept)`
      : "";
  return [`$ ${asked.command}${more}`, `rule: ${asked.rule || "?"}`].join("\n");
}
