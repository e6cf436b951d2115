// How a command's result reaches the user: human text on stdout, or one JSON document with --json.
// Diagnostics and progress go to stderr so stdout stays parseable. Everything printed passes through the
// terminal-safety escapes (no raw control characters), and error messages are cut to one bounded line.
import { escapeControl, shortForTerminal } from "../core/terminal-text.ts";
import { paint, type Tone } from "./colour.ts";
import { writeAll } from "./std-write.ts";

/** Error messages echo inputs; past this many characters they are cut. */
const ERROR_CHARS = 400;
const JSON_UNSAFE = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** JSON text with the characters JSON.stringify leaves raw written as \u escapes (still the same JSON value). */
export function terminalJson(data: unknown, indent?: number): string {
  return JSON.stringify(data, null, indent).replace(
    JSON_UNSAFE,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export interface Output {
  readonly json: boolean;
  /** Prints a command's result: `data` as JSON with --json, otherwise the text lines. */
  result(data: unknown, text: string | string[]): void;
  /** A progress or diagnostic line on stderr (silent with --json). */
  info(line: string): void;
  /** An error: a JSON object on stdout with --json, a line on stderr otherwise. */
  error(message: string, hint?: string): void;
  /** A word in a tone's colour when this run colours (a terminal, no --no-color, no NO_COLOR), else as is. */
  tone(tone: Tone, text: string): string;
}

export interface Writers {
  out(text: string): void;
  err(text: string): void;
}

export function createOutput(json: boolean, write: Writers = defaultWriters(), colour = false): Output {
  // keel's own colour codes travel as a marker no input can forge (a random nonce), so escaping the text first
  // still shows every control character that came from data, and only keel's tones become colour.
  const nonce = colour && !json ? `K${Math.random().toString(36).slice(2)}${Date.now().toString(36)}K` : "";
  const marked = new RegExp(`${nonce}([0-9;]+)${nonce}`, "g");
  const safe = (text: string) => {
    const escaped = escapeControl(text);
    return nonce ? escaped.replace(marked, (_all, code: string) => `\u001b[${code}m`) : escaped;
  };
  return {
    json,
    result(data, text) {
      if (json) write.out(`${terminalJson(data, 2)}\n`);
      else write.out(`${safe(Array.isArray(text) ? text.join("\n") : text)}\n`);
    },
    tone: (tone, text) => (nonce ? paint(tone, text, (code) => `${nonce}${code}${nonce}`) : text),
    info(line) {
      if (!json) write.err(`${escapeControl(line)}\n`);
    },
    error(message, hint) {
      const line = shortForTerminal(message, ERROR_CHARS);
      const tip = hint ? shortForTerminal(hint, ERROR_CHARS) : undefined;
      if (json) write.out(`${terminalJson({ ok: false, error: line, ...(tip ? { hint: tip } : {}) })}\n`);
      else write.err(`keel: ${line}${tip ? `\n  hint: ${tip}` : ""}\n`);
    },
  };
}

function defaultWriters() {
  return {
    out: (text: string) => writeAll(1, text),
    err: (text: string) => writeAll(2, text),
  };
}
