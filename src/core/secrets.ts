// The one redaction path: finds credentials in free text and replaces each with a marker naming its kind, so
// stored or sent text keeps its meaning without the secret. Every store write of free text (journal, contract,
// memory, evidence, compactions, loop commands) and every model request goes through here. The shapes live
// in secret-rules.ts; this file owns the loop and the helpers callers use.
import { SECRET_RULES } from "./secret-rules.ts";

export interface SecretFinding {
  kind: string;
  count: number;
}

export interface ScrubResult {
  text: string;
  findings: SecretFinding[];
}

/** Replaces every credential-shaped substring with `[redacted:<kind>]` and reports what was found. */
export function scrubSecrets(text: string): ScrubResult {
  let out = text;
  const findings: SecretFinding[] = [];
  for (const rule of SECRET_RULES) {
    let count = 0;
    out = out.replace(rule.pattern, (...args) => {
      count++;
      const groups = args.at(-1) as { keep?: string } | undefined;
      const keep = rule.keepPrefix && typeof groups === "object" && groups?.keep ? groups.keep : "";
      return `${keep}[redacted:${rule.kind}]`;
    });
    if (count > 0) findings.push({ kind: rule.kind, count });
  }
  return { text: out, findings };
}

/** The text with every secret redacted (scrubSecrets without the report). */
export function redact(text: string): string {
  return scrubSecrets(text).text;
}

/** Like redact, for optional columns: null and undefined pass through. */
export function redactMaybe<T extends string | null | undefined>(text: T): T {
  return (typeof text === "string" ? redact(text) : text) as T;
}

/** A copy of `row` with the named string fields redacted; other fields are kept as they are. */
export function redactFields<T extends object>(row: T, fields: ReadonlyArray<keyof T>): T {
  const copy = { ...row };
  for (const field of fields) {
    const value = copy[field];
    if (typeof value === "string") copy[field] = redact(value) as T[keyof T];
  }
  return copy;
}

/** Redacts every string inside a JSON-like value (model request bodies, entry details), depth-bounded. */
export function redactDeep<T>(value: T, depth = 0): T {
  if (typeof value === "string") return redact(value) as T;
  if (depth > 64 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = redactDeep(item, depth + 1);
  return out as T;
}

/** A JSON document (a tags list, provenance) with every string in it redacted; text that is not JSON is redacted whole. */
export function redactJsonStrings(json: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return redact(json);
  }
  return JSON.stringify(redactDeep(parsed));
}

/** True when the text contains anything scrubSecrets would redact. */
export function containsSecret(text: string): boolean {
  return scrubSecrets(text).findings.length > 0;
}
