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

/**
 * Splits decoded text into lines. Only the new piece is searched for newlines and an unfinished line is kept as
 * pieces, so a long line costs one join; a line past MAX_LINE_CHARS is dropped piece by piece as it streams
 * and reported as OVERSIZED_LINE, never built.
 */
export function createLineSplitter(emit: (text: string, terminated: boolean) => void) {
  let pieces: string[] = [];
  let chars = 0;
  let skipping = false;
  const take = (piece: string) => {
    if (skipping || piece === "") return;
    chars += piece.length;
    if (chars > MAX_LINE_CHARS) {
      skipping = true;
      pieces = [];
    } else pieces.push(piece);
  };
  const finish = (terminated: boolean) => {
    emit(skipping ? OVERSIZED_LINE : pieces.join(""), terminated);
    pieces = [];
    chars = 0;
    skipping = false;
  };
  return {
    push(text: string) {
      let start = 0;
      for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
        take(text.slice(start, end));
        finish(true);
        start = end + 1;
      }
      take(start === 0 ? text : text.slice(start));
    },
    end() {
      if (skipping || chars > 0) finish(false);
    },
  };
}

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
  let lineNumber = 0;
  const lines = createLineSplitter((text, terminated) => {
    lineNumber++;
    parser.push(text.endsWith("\r") ? text.slice(0, -1) : text, lineNumber, terminated);
  });
  const decoder = new TextDecoder("utf-8");
  let bytes = 0;
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
      bytes += (chunk as Uint8Array).byteLength;
      lines.push(decoder.decode(chunk as Uint8Array, { stream: true }));
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    return {
      ok: false,
      reason: `the session file ${shortForTerminal(path, 120)} cannot be read (${code ?? "read error"})`,
    };
  }
  lines.push(decoder.decode());
  lines.end();
  return ok({ session: parser.finish(), bytes });
}
