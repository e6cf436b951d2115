// One `keel batch` request and its answer, as plain data: the request's shape (TypeBox), the commands a batch
// refuses, and how one command's captured --json output becomes the one answer line. No I/O here.
import { Type } from "typebox";
import { ExitCode } from "../core/errors.ts";
import { fail, ok, type Result } from "../core/result.ts";
import { checkShape } from "../core/schema-check.ts";

export const BATCH_LIMITS = { lineBytes: 1_048_576, words: 200, wordChars: 65_536, idChars: 200 } as const;

export const BatchRequest = Type.Object(
  {
    id: Type.Optional(
      Type.Union([Type.String({ maxLength: BATCH_LIMITS.idChars }), Type.Number(), Type.Null()]),
    ),
    command: Type.Array(Type.String({ maxLength: BATCH_LIMITS.wordChars }), {
      minItems: 1,
      maxItems: BATCH_LIMITS.words,
    }),
  },
  { additionalProperties: false },
);

/** Commands that run until stopped, or would nest: a batch answers them with exit 2. */
const REFUSED = new Set(["batch", "mcp", "ui"]);

export type BatchAnswer = { id: unknown; exit: number } & (
  | { result: unknown }
  | { error: string; hint?: string }
);

/** The argv to run for a request id, or the answer that refuses the line. */
export type Parsed = Result<{ id: unknown; argv: string[] }, BatchAnswer>;

const refusal = (id: unknown, error: string): Parsed => fail({ id, exit: ExitCode.usage, error });

/** Reads one input line into the argv to run (always with --json), or the answer that refuses it. */
export function parseBatchLine(line: string): Parsed {
  if (line.length > BATCH_LIMITS.lineBytes)
    return refusal(null, `the request is longer than ${BATCH_LIMITS.lineBytes} characters`);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return refusal(null, "the request is not JSON: send one object per line");
  }
  const id = (value as { id?: unknown } | null)?.id ?? null;
  const shown = typeof id === "string" && id.length > BATCH_LIMITS.idChars ? null : id;
  const shape = checkShape(BatchRequest, value);
  if (!shape.ok) return refusal(shown, `bad request: ${shape.reason.message}`);
  const verb = commandVerb(shape.value.command);
  if (verb && REFUSED.has(verb))
    return refusal(shown, `"${verb}" runs until stopped and cannot run in a batch`);
  const argv = shape.value.command.includes("--json")
    ? shape.value.command
    : [...shape.value.command, "--json"];
  return ok({ id: shown, argv });
}

/** The word commander dispatches on: the first that is not an option (keel's global options take no value). */
export function commandVerb(words: readonly string[]): string | undefined {
  return words.find((word) => !word.startsWith("-"));
}

/** One command's exit code and captured output as its answer line. */
export function answerOf(id: unknown, exit: number, stdout: string, stderr: string): BatchAnswer {
  let doc: unknown;
  try {
    doc = stdout.trim() === "" ? undefined : JSON.parse(stdout);
  } catch {
    doc = { output: stdout };
  }
  const failure = doc as { ok?: unknown; error?: unknown; hint?: unknown } | undefined;
  if (exit === ExitCode.usage || doc === undefined) {
    const error =
      typeof failure?.error === "string" ? failure.error : lastLine(stderr) || "the command failed";
    const hint = typeof failure?.hint === "string" ? failure.hint : undefined;
    return hint ? { id, exit, error, hint } : { id, exit, error };
  }
  return { id, exit, result: doc };
}

function lastLine(text: string): string {
  const lines = text.trim().split("\n");
  return (lines.at(-1) ?? "").replace(/^keel: /, "").replace(/^error: /, "");
}
