// The check of a memory search query and the character class every memory text check refuses. Apart from
// validate.ts (which loads TypeBox for record input) so a search loads no schema library.
import { ok, problem } from "../core/result.ts";
import { MEMORY_LIMITS, type MemoryResult } from "./model.ts";

/** Control characters other than tab and newline, and the bidi overrides that can disguise text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
export const UNSAFE_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** Search query: 1–500 characters, no control characters. */
export function validateQuery(raw: unknown): MemoryResult<string> {
  if (typeof raw !== "string") return problem("INVALID_INPUT", "query must be a string", "query");
  const query = raw.trim();
  if ([...query].length > MEMORY_LIMITS.queryChars)
    return problem("INVALID_INPUT", `query is longer than ${MEMORY_LIMITS.queryChars} characters`, "query");
  if (UNSAFE_CHARS.test(query) || /[\r\n]/.test(query))
    return problem("INVALID_INPUT", "query must be one line without control characters", "query");
  return ok(query);
}
