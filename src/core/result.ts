// The value shape for outcomes a caller is expected to handle.

export type Result<T, R = string> = { ok: true; value: T } | { ok: false; reason: R };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = <R = string>(reason: R): Result<never, R> => ({ ok: false, reason });
