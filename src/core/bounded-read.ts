// Bounded reads of user-named inputs: only regular files are opened (a FIFO, device or socket is refused before
// open, so nothing blocks or streams forever), and nothing larger than the caller's limit is read whole.
// Outcomes are Result values with one sentence naming the input; callers turn them into user errors.
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";
import { UserError } from "./errors.ts";
import { fail, ok, type Result } from "./result.ts";
import { shortForTerminal } from "./terminal-text.ts";

/** The reason a path cannot be read as a file, or undefined when it is a regular file. */
export function notAFile(path: string, what: string): string | undefined {
  const shown = shortForTerminal(path, 120);
  if (path.trim() === "") return `the ${what} path is empty; give a file path`;
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return `the ${what} ${shown} does not exist`;
    if (code === "EACCES") return `the ${what} ${shown} cannot be read (permission denied)`;
    return `the ${what} ${shown} cannot be read (${code ?? "unknown error"})`;
  }
  if (stat.isDirectory()) return `the ${what} ${shown} is a folder; give a file`;
  if (!stat.isFile())
    return `the ${what} ${shown} is not a regular file (a pipe, device or socket); give a file`;
  return undefined;
}

/** Reads a regular file of at most `maxBytes` as UTF-8 text. */
export function readFileBounded(path: string, maxBytes: number, what: string): Result<string, string> {
  const problem = notAFile(path, what);
  if (problem) return fail(problem);
  const shown = shortForTerminal(path, 120);
  const tooBig = () => fail(`the ${what} ${shown} is larger than the limit of ${formatBytes(maxBytes)}`);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return fail(`the ${what} ${shown} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  try {
    if (!fstatSync(fd).isFile()) return fail(`the ${what} ${shown} is not a regular file; give a file`);
    if (fstatSync(fd).size > maxBytes) return tooBig();
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > maxBytes) return tooBig();
    return ok(buffer.subarray(0, length).toString("utf8"));
  } finally {
    closeSync(fd);
  }
}

/** Reads standard input up to `maxBytes`; more is refused rather than buffered. */
export async function readStdinBounded(maxBytes: number, what: string): Promise<Result<string, string>> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of process.stdin) {
    length += (chunk as Buffer).length;
    if (length > maxBytes) {
      process.stdin.destroy();
      return fail(`the ${what} on standard input is larger than the limit of ${formatBytes(maxBytes)}`);
    }
    chunks.push(chunk as Buffer);
  }
  return ok(Buffer.concat(chunks).toString("utf8"));
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(bytes % 1024 ? 1 : 0)} KB`;
  return `${bytes} bytes`;
}

/** A user-named input file ('-' for standard input) as text, or a UserError (exit 2) saying why not. */
export async function readUserInput(path: string, maxBytes: number, what: string): Promise<string> {
  const read = path === "-" ? await readStdinBounded(maxBytes, what) : readFileBounded(path, maxBytes, what);
  if (!read.ok) throw new UserError(read.reason);
  return read.value;
}
