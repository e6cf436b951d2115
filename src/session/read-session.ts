// Reads a pi session JSONL file from disk once, streaming it line by line into the pure parser.
// The file is never held whole in memory: chunks are split at newlines as they arrive.
// This is the only I/O in src/session apart from session-files.ts.
import { createReadStream, statSync } from "node:fs";
import { formatBytes, notAFile } from "../core/bounded-read.ts";
import { ok, type Result } from "../core/result.ts";
import { shortForTerminal } from "../core/terminal-text.ts";
import { createSessionParser, OVERSIZED_LINE, type ParsedSession } from "./parse.ts";

/** A line longer than this (64 Mi characters) is reported as damaged and skipped, never buffered further. */
export const MAX_LINE_CHARS = 64 * 1024 * 1024;
/** A session file larger than this (256 MiB) is refused with a reason instead of being read into memory. */
export const MAX_SESSION_BYTES = 256 * 1024 * 1024;

export type ReadSessionResult = Result<{ session: ParsedSession; bytes: number }>;

/** Streams `path` through the parser; a missing or unreadable file is a reason, not an exception. */
export async function readSessionFile(path: string): Promise<ReadSessionResult> {
  const problem = notAFile(path, "session file");
  if (problem) return { ok: false, reason: problem };
  const size = statSync(path).size;
  if (size > MAX_SESSION_BYTES)
    return {
      ok: false,
      reason: `the session file ${shortForTerminal(path, 120)} is ${formatBytes(size)}, over the ${formatBytes(MAX_SESSION_BYTES)} keel reads at once; it was not read`,
    };
  const parser = createSessionParser();
  const decoder = new TextDecoder("utf-8");
  let carry = "";
  let lineNumber = 0;
  let bytes = 0;
  let skipping = false;
  const emit = (text: string, terminated: boolean) => {
    lineNumber++;
    parser.push(text.endsWith("\r") ? text.slice(0, -1) : text, lineNumber, terminated);
  };
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
      const buffer = chunk as Uint8Array;
      bytes += buffer.byteLength;
      const text = carry + decoder.decode(buffer, { stream: true });
      let start = 0;
      for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
        emit(skipping ? OVERSIZED_LINE : text.slice(start, end), true);
        skipping = false;
        start = end + 1;
      }
      carry = skipping ? "" : text.slice(start);
      if (carry.length > MAX_LINE_CHARS) {
        skipping = true;
        carry = "";
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    return {
      ok: false,
      reason: `the session file ${shortForTerminal(path, 120)} cannot be read (${code ?? "read error"})`,
    };
  }
  carry += decoder.decode();
  if (skipping) emit(OVERSIZED_LINE, false);
  else if (carry !== "") emit(carry, false);
  return ok({ session: parser.finish(), bytes });
}
