// Validation and normalisation of memory input: limits, closed value sets, tag slugs, expiry times, and secret
// redaction with the reasons reported. Pure; existence checks (links, supersedes) belong to the store layer.
import { ok, problem } from "../core/result.ts";
import { checkShape } from "../core/schema-check.ts";
import { scrubSecrets } from "../core/secrets.ts";
import {
  MEMORY_LIMITS,
  type MemoryCategory,
  type MemoryKind,
  type MemoryResult,
  type Redaction,
} from "./model.ts";
import { UNSAFE_CHARS } from "./query-check.ts";
import { MEMORY_ID_PATTERN, type RecordInput, RecordInputSchema } from "./tool-schema.ts";

export { validateQuery } from "./query-check.ts";

const TAG_SLUG = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const ID_SHAPE = new RegExp(MEMORY_ID_PATTERN);

export interface CleanRecord {
  title: string;
  body: string;
  kind: MemoryKind;
  category: MemoryCategory;
  tags: string[];
  links: string[];
  pinned: boolean;
  /** undefined = category default; null = never. */
  expiresAt: number | null | undefined;
  sourceRefs: string[];
  aliases: string[];
  supersedes: string | undefined;
  redactions: Redaction[];
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** Normalises one tag as the spec says: trim, lower-case, whitespace runs to "-". */
export function normalizeTag(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, "-");
}

export function isMemoryId(value: unknown): value is string {
  return typeof value === "string" && ID_SHAPE.test(value);
}

/** Validates and normalises a record; secrets in text fields are redacted and listed in `redactions`. */
export function validateRecordInput(input: RecordInput): MemoryResult<CleanRecord> {
  const redactions: Redaction[] = [];
  const scrub = (field: string, text: string): string => {
    const result = scrubSecrets(text);
    for (const f of result.findings) redactions.push({ field, kind: f.kind, count: f.count });
    return result.text;
  };
  const shape = checkShape(RecordInputSchema, input);
  if (!shape.ok) return problem("INVALID_INPUT", shape.reason.message, shape.reason.field);
  if (input.title.trim() === "") return problem("INVALID_INPUT", "title must be a non-empty string", "title");
  const title = input.title.trim();
  if ([...title].length > MEMORY_LIMITS.titleChars)
    return problem("INVALID_INPUT", `title is longer than ${MEMORY_LIMITS.titleChars} characters`, "title");
  if (/[\r\n]/.test(title) || UNSAFE_CHARS.test(title))
    return problem("INVALID_INPUT", "title must be one line without control characters", "title");
  if (utf8Bytes(input.body) > MEMORY_LIMITS.bodyBytes)
    return problem("INVALID_INPUT", `body is larger than ${MEMORY_LIMITS.bodyBytes} UTF-8 bytes`, "body");
  if (UNSAFE_CHARS.test(input.body))
    return problem("INVALID_INPUT", "body contains control or bidi-override characters", "body");
  const tags = validateTags(input.tags ?? [], redactions);
  if (!tags.ok) return tags;
  const links = validateIdList(input.links ?? [], "links", MEMORY_LIMITS.links);
  if (!links.ok) return links;
  const refs = validateSourceRefs(input.sourceRefs ?? []);
  if (!refs.ok) return refs;
  const expiresAt = parseExpiry(input.expiresAt);
  if (!expiresAt.ok) return expiresAt;
  const aliases = (input.aliases ?? []).map((a) => a.replace(/\s+/g, " ").trim()).filter((a) => a !== "");
  if (aliases.some((a) => UNSAFE_CHARS.test(a)))
    return problem("INVALID_INPUT", "aliases must be text without control characters", "aliases");
  return ok({
    title: scrub("title", title),
    body: scrub("body", input.body),
    kind: input.kind,
    category: input.category,
    tags: tags.value,
    links: links.value,
    pinned: input.pinned ?? false,
    expiresAt: expiresAt.value,
    sourceRefs: refs.value.map((ref) => scrub("sourceRefs", ref)),
    aliases: [...new Set(aliases.map((a) => scrub("aliases", a)))],
    supersedes: input.supersedes,
    redactions,
  });
}

/** Raw tags are checked for secrets before normalisation; a tag carrying a secret is dropped and reported. */
export function validateTags(raw: unknown, redactions: Redaction[]): MemoryResult<string[]> {
  if (!Array.isArray(raw)) return problem("INVALID_INPUT", "tags must be a list", "tags");
  if (raw.length > MEMORY_LIMITS.tags)
    return problem("INVALID_INPUT", `at most ${MEMORY_LIMITS.tags} tags`, "tags");
  const out: string[] = [];
  for (const tag of raw) {
    if (typeof tag !== "string" || [...tag].length > MEMORY_LIMITS.tagChars)
      return problem(
        "INVALID_INPUT",
        `each tag must be a string of at most ${MEMORY_LIMITS.tagChars} characters`,
        "tags",
      );
    const found = scrubSecrets(tag).findings;
    if (found.length > 0) {
      for (const f of found) redactions.push({ field: "tags", kind: f.kind, count: f.count });
      continue;
    }
    const slug = normalizeTag(tag);
    if (!TAG_SLUG.test(slug))
      return problem(
        "INVALID_INPUT",
        "tags may use letters, digits, spaces, '.', '_' and '-' and must start with a letter or digit",
        "tags",
      );
    if (!out.includes(slug)) out.push(slug);
  }
  return ok(out);
}

export function validateIdList(raw: unknown, field: string, max: number): MemoryResult<string[]> {
  if (!Array.isArray(raw)) return problem("INVALID_INPUT", `${field} must be a list of memory ids`, field);
  if (raw.length > max) return problem("INVALID_INPUT", `at most ${max} ${field}`, field);
  if (!raw.every(isMemoryId)) return problem("INVALID_INPUT", `${field} must hold memory ids`, field);
  if (new Set(raw).size !== raw.length) return problem("INVALID_INPUT", `${field} must not repeat`, field);
  return ok(raw);
}

function validateSourceRefs(raw: unknown): MemoryResult<string[]> {
  if (!Array.isArray(raw)) return problem("INVALID_INPUT", "sourceRefs must be a list", "sourceRefs");
  if (raw.length > MEMORY_LIMITS.sourceRefs)
    return problem("INVALID_INPUT", `at most ${MEMORY_LIMITS.sourceRefs} sourceRefs`, "sourceRefs");
  for (const ref of raw) {
    if (typeof ref !== "string" || ref.trim() === "" || ref.length > MEMORY_LIMITS.sourceRefChars)
      return problem(
        "INVALID_INPUT",
        `each sourceRef must be 1–${MEMORY_LIMITS.sourceRefChars} characters`,
        "sourceRefs",
      );
    if (UNSAFE_CHARS.test(ref) || /[\r\n]/.test(ref))
      return problem("INVALID_INPUT", "sourceRefs must be single lines", "sourceRefs");
  }
  if (new Set(raw).size !== raw.length)
    return problem("INVALID_INPUT", "sourceRefs must not repeat", "sourceRefs");
  return ok(raw as string[]);
}

/** Accepts an ISO-8601 time with a zone, or null; returns epoch ms, null, or undefined when omitted. */
export function parseExpiry(raw: unknown): MemoryResult<number | null | undefined> {
  if (raw === undefined) return ok(undefined);
  if (raw === null) return ok(null);
  if (
    typeof raw !== "string" ||
    !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(raw)
  )
    return problem(
      "INVALID_INPUT",
      "expiresAt must be an ISO-8601 time (e.g. 2027-01-31T00:00:00Z) or null",
      "expiresAt",
    );
  const ms = Date.parse(raw);
  if (!Number.isFinite(ms)) return problem("INVALID_INPUT", "expiresAt is not a real date", "expiresAt");
  return ok(ms);
}

/** A given expiry must lie ahead of `now`: a past one would make the record disappear at the next write. */
export function refusePastExpiry(expiresAt: number | null | undefined, now: number): MemoryResult<void> {
  if (typeof expiresAt !== "number" || expiresAt > now) return ok(undefined);
  return problem(
    "INVALID_INPUT",
    `expiresAt ${new Date(expiresAt).toISOString()} is in the past; give a later time, or leave it out`,
    "expiresAt",
  );
}
