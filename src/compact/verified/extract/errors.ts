// Failing tool calls and shell runs, by result status and exit code (never by words in the output), each
// with whether it was resolved later: the same command, or the same operation on the same file, succeeding
// after it, however many turns later and whatever ran in between.
import { scrubSecrets } from "../../../core/secrets.ts";
import type { CallShape } from "./files.ts";
import { relativePath } from "./paths.ts";
import type { ErrorFact } from "./types.ts";

const MESSAGE_CHARS = 200;

export interface Attempt {
  /** What resolves it: the same key succeeding later. */
  key: string;
  command: string;
  tool: string;
  entryId: string;
  failed: boolean;
  exitCode: number | null;
  output: string;
}

/** Output plumbing that does not change what ran: `2>&1`, and trailing pipes into head, tail, grep and the like. */
const PLUMBING = /\s*\|\s*(head|tail|grep|rg|less|more|cat|tee|wc|sort|uniq|cut)\b[^|]*$/;

function normalizeCommand(command: string, cwd: string): string {
  const root = cwd.replace(/\/+$/, "");
  let text = command
    .trim()
    .replace(/\s+/g, " ")
    .replace(new RegExp(`^cd ${escapeRegExp(root)}/? ?&& ?`), "")
    .replace(/^cd \. ?&& ?/, "")
    .replace(/\s*2>&1/g, "");
  for (let i = 0; i < 4 && PLUMBING.test(text); i++) text = text.replace(PLUMBING, "");
  return TEST_SUITE.test(text.trim()) ? "<test suite>" : text.trim();
}

/** A whole-suite test run, however it is spelled: all spellings share one resolution key. */
const TEST_SUITE =
  /^((npm|pnpm|yarn|bun)( run)? test|npx (vitest|jest|mocha)( run)?|(vitest|jest|mocha)( run)?|pytest|python -m pytest|cargo test|go test \.\/\.\.\.|make (test|check)|deno test)$/;
/** Any test run, whole suite or part of it (`npx vitest run test/a.test.ts`, `keel_verify npm test`). */
const TEST_RUN =
  /(^|[\s;&|/])(test|tests|vitest|jest|pytest|mocha|ava|tap|spec|rspec|phpunit|ctest|check)(\s|$|:)|\b(cargo|go|deno|bun|npm|pnpm|yarn) (run )?test\b/;

export function isTestCommand(command: string): boolean {
  return TEST_RUN.test(command);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The resolution key and display command of a call. */
export function attemptIdentity(
  toolName: string,
  shape: CallShape,
  args: Record<string, unknown>,
  cwd: string,
): { key: string; command: string } {
  if (shape.kind === "execute")
    return { key: `exec:${normalizeCommand(shape.command, cwd)}`, command: shape.command };
  if (shape.kind === "mutate" || shape.kind === "delete" || shape.kind === "read") {
    const path = relativePath(shape.path, cwd);
    return { key: `${shape.kind}:${path}`, command: `${toolName} ${path}` };
  }
  const preview = JSON.stringify(args);
  return {
    key: `tool:${toolName}:${preview}`,
    command: preview === "{}" ? toolName : `${toolName} ${preview.slice(0, 160)}`,
  };
}

/** The execute key of a user-run shell command (`!cmd` in pi). */
export function shellKey(command: string, cwd: string): string {
  return `exec:${normalizeCommand(command, cwd)}`;
}

function firstLine(text: string): string {
  const line = scrubSecrets(
    (
      text
        .slice(0, 4000)
        .split("\n")
        .find((l) => l.trim() !== "") ?? ""
    ).slice(0, 1000),
  ).text;
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS)}…` : line.trim();
}

/** Errors in order, each resolved when a later attempt with the same key succeeded. */
export function catalogErrors(attempts: readonly Attempt[]): ErrorFact[] {
  const lastSuccess = new Map<string, { index: number; entryId: string }>();
  attempts.forEach((attempt, index) => {
    if (!attempt.failed) lastSuccess.set(attempt.key, { index, entryId: attempt.entryId });
  });
  const errors: ErrorFact[] = [];
  attempts.forEach((attempt, index) => {
    if (!attempt.failed) return;
    const success = lastSuccess.get(attempt.key);
    const resolved = success !== undefined && success.index > index;
    errors.push({
      command: attempt.command,
      tool: attempt.tool,
      resolved,
      entryId: attempt.entryId,
      exitCode: attempt.exitCode,
      resolvedBy: resolved ? (success?.entryId ?? null) : null,
      message: firstLine(attempt.output),
    });
  });
  return errors;
}
