// Writes to stdout and stderr by file descriptor, synchronously. Going through process.stdout builds a stream
// first, which under Bun cost the compiled CLI more start-up time than most commands take; a write by
// descriptor needs nothing loaded. A reader that went away (EPIPE) ends the output quietly.
import { writeSync } from "node:fs";

const encoder = new TextEncoder();
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `text` to `fd`, waiting out a full non-blocking pipe (EAGAIN) a millisecond at a time. */
export function writeAll(fd: 1 | 2, text: string): void {
  const bytes = encoder.encode(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "EPIPE") return;
      if (code !== "EAGAIN") throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
