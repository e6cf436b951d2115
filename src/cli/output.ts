// How a command's result reaches the user: human text on stdout, or one JSON document with --json.
// Diagnostics and progress go to stderr so stdout stays parseable.
import { writeAll } from "./std-write.ts";

export interface Output {
  readonly json: boolean;
  /** Prints a command's result: `data` as JSON with --json, otherwise the text lines. */
  result(data: unknown, text: string | string[]): void;
  /** A progress or diagnostic line on stderr (silent with --json). */
  info(line: string): void;
  /** An error: a JSON object on stdout with --json, a line on stderr otherwise. */
  error(message: string, hint?: string): void;
}

export interface Writers {
  out(text: string): void;
  err(text: string): void;
}

export function createOutput(json: boolean, write: Writers = defaultWriters()): Output {
  return {
    json,
    result(data, text) {
      if (json) write.out(`${JSON.stringify(data, null, 2)}\n`);
      else write.out(`${Array.isArray(text) ? text.join("\n") : text}\n`);
    },
    info(line) {
      if (!json) write.err(`${line}\n`);
    },
    error(message, hint) {
      if (json) write.out(`${JSON.stringify({ ok: false, error: message, ...(hint ? { hint } : {}) })}\n`);
      else write.err(`keel: ${message}${hint ? `\n  hint: ${hint}` : ""}\n`);
    },
  };
}

function defaultWriters() {
  return {
    out: (text: string) => writeAll(1, text),
    err: (text: string) => writeAll(2, text),
  };
}
