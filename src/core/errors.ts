// Error types that carry an exit code to the edges; expected outcomes use Result values instead.

/** Exit codes shared by every CLI command: 0 ok, 1 a check failed, 2 bad input or environment. */
export const ExitCode = { ok: 0, checkFailed: 1, usage: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A problem the user can fix: bad input, a missing tool, an unusable environment. */
export class UserError extends Error {
  override readonly name = "UserError";
  readonly exitCode: ExitCode;
  readonly hint: string | undefined;
  constructor(message: string, exitCode: ExitCode = ExitCode.usage, hint?: string) {
    super(message);
    this.exitCode = exitCode;
    this.hint = hint;
  }
}

/** One line describing any thrown value, without a stack trace. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
