// The one value shape for outcomes a caller is expected to handle: `{ ok: true, value }` or `{ ok: false, reason }`.
// A reason is a sentence by default; services whose callers branch on the kind of failure give a coded Problem.

export type Result<T, R = string> = { ok: true; value: T } | { ok: false; reason: R };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = <R = string>(reason: R): Result<never, R> => ({ ok: false, reason });

/** A failure a program can branch on: a stable code, one sentence for people, and the input field at fault. */
export interface Problem<C extends string = string> {
  code: C;
  message: string;
  /** The input field at fault, when there is one. */
  field?: string;
}

/** A failed Result whose reason is a coded Problem (an empty or missing field is left out). */
export const problem = <C extends string>(
  code: C,
  message: string,
  field?: string,
): Result<never, Problem<C>> => fail(field ? { code, message, field } : { code, message });
