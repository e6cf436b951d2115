// Reads a pi session JSONL file from disk once, streaming it line by line into the pure parser.
// The file is never held whole in memory: chunks are split at newlines as they arrive.
// This is the only I/O in src/session apart from session-files.ts.
import { createReadStream } from "node:fs";
import { createSessionParser, type ParsedSession } from "./parse.ts";

export type ReadSessionResult =
  | { ok: true; session: ParsedSession; bytes: number }
  | { ok: false; reason: string };

/** Streams `path` through the parser; a missing or unreadable file is a reason, not an exception. */
export async function readSessionFile(path: string): Promise<ReadSessionResult> {
  const parser = createSessionParser();
  const decoder = new TextDecoder("utf-8");
  let carry = "";
  let lineNumber = 0;
  let bytes = 0;
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
        emit(text.slice(start, end), true);
        start = end + 1;
      }
      carry = text.slice(start);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT") return { ok: false, reason: `no such file: ${path}` };
    if (code === "EISDIR") return { ok: false, reason: `${path} is a folder, not a session file` };
    return { ok: false, reason: `cannot read ${path}: ${(error as Error).message}` };
  }
  carry += decoder.decode();
  if (carry !== "") emit(carry, false);
  return { ok: true, session: parser.finish(), bytes };
}
