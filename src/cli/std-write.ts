// Writes to stdout and stderr by file descriptor, synchronously. Going through process.stdout builds a stream
// first, which under Bun cost the compiled CLI more start-up time than most commands take; a write by
// descriptor needs nothing loaded. A reader that went away (EPIPE) ends the output quietly. Whether stdout is a
// terminal is asked the same cheap way: a pipe, a file or /dev/null is told apart by fstat, and only a character
// device that is not /dev/null loads node:tty (asking process.stdout.isTTY would build the stream).
import { fstatSync, statSync, writeSync } from "node:fs";

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

/** True when stdout is a terminal (isatty(1)); decided without node:tty for pipes, files and /dev/null. */
export function stdoutIsTerminal(): boolean {
  if (process.platform !== "win32" && !mayBeTerminal()) return false;
  return process.getBuiltinModule("node:tty").isatty(1);
}

/** False for what cannot be a terminal: anything but a character device, and /dev/null (a character device). */
function mayBeTerminal(): boolean {
  try {
    const out = fstatSync(1);
    return out.isCharacterDevice() && out.rdev !== statSync("/dev/null").rdev;
  } catch {
    return true; // fstat could not tell: isatty decides
  }
}
