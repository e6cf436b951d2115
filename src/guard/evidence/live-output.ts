// A command's output shown while it runs: split into lines, each redacted (the one secret scrubber), its colour
// codes dropped and any other control character made visible, long lines cut. What is stored stays the
// evidence record's digest and redacted tail; this only decides what a person watching sees.
import { redact } from "../../core/secrets.ts";
import { shortForTerminal } from "../../core/terminal-text.ts";

/** Longest line shown; a longer one (a minified bundle, a progress bar without newlines) is cut. */
const LINE_CHARS = 2000;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour and cursor sequences are what it removes.
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export interface LiveOutput {
  /** A chunk of stdout or stderr as it arrives. */
  push(chunk: Buffer): void;
  /** The last line when the command ended without a newline. */
  end(): void;
}

/** Lines of output to `show`, one call per line, safe for a terminal. */
export function liveOutput(show: (line: string) => void): LiveOutput {
  const decoder = new TextDecoder();
  let pending = "";
  const emit = (line: string) =>
    show(shortForTerminal(redact(line.replace(ANSI, "").replace(/\r$/, "")), LINE_CHARS));
  return {
    push(chunk) {
      pending += decoder.decode(chunk, { stream: true });
      let newline = pending.indexOf("\n");
      while (newline !== -1) {
        emit(pending.slice(0, newline));
        pending = pending.slice(newline + 1);
        newline = pending.indexOf("\n");
      }
      // A line that never ends is shown in pieces rather than held without bound.
      if (pending.length > LINE_CHARS * 4) {
        emit(pending);
        pending = "";
      }
    },
    end() {
      pending += decoder.decode();
      if (pending) emit(pending);
      pending = "";
    },
  };
}
