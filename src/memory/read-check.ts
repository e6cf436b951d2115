// The shape check of keel_memory's read actions (status, search, read) by hand: the same conditions the TypeBox
// schema in tool-schema.ts sets on their fields, so a read that is well formed skips the schema walk (a measurable
// share of a short `keel memory search`). It only ever vouches: anything it does not accept goes to the schema,
// which also words the error. test/memory/read-check.test.ts holds it to the schema's verdict.
import { MEMORY_ID_PATTERN, MEMORY_KINDS, MEMORY_LIMITS } from "./model.ts";

const ID = new RegExp(MEMORY_ID_PATTERN);
const SOURCES: readonly unknown[] = ["records", "derived"];

type Check = (value: unknown) => boolean;

const READ_FIELDS: Record<string, Record<string, Check>> = {
  status: {},
  search: {
    query: (v) => typeof v === "string" && v.length <= MEMORY_LIMITS.queryChars,
    queries: (v) =>
      Array.isArray(v) &&
      v.length <= 4 &&
      v.every((q) => typeof q === "string" && q.length <= MEMORY_LIMITS.queryChars),
    kinds: (v) =>
      Array.isArray(v) &&
      v.every((kind) => (MEMORY_KINDS as readonly unknown[]).includes(kind)) &&
      new Set(v).size === v.length,
    includeSuperseded: (v) => typeof v === "boolean",
    source: (v) => SOURCES.includes(v),
    limit: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MEMORY_LIMITS.searchLimitMax,
  },
  read: { id: (v) => typeof v === "string" && ID.test(v) },
};

/** True when `params` is a read the schema accepts for sure (a field of the action may be undefined: left out). */
export function isWellFormedRead(params: Record<string, unknown>): boolean {
  const fields = typeof params.action === "string" ? READ_FIELDS[params.action] : undefined;
  if (!fields || Object.getPrototypeOf(params) !== Object.prototype) return false;
  return Object.entries(params).every(
    ([key, value]) =>
      key === "action" || (Object.hasOwn(fields, key) && (value === undefined || fields[key]!(value))),
  );
}
