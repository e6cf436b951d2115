// JSON rendering with bounds for values that came from untrusted files (session entries, tool arguments):
// the same text as JSON.stringify while within bounds, but nesting deeper than `maxDepth` becomes a marker and
// output stops at `maxChars`, so a 100k-deep array costs neither the stack nor quadratic indentation.

export interface JsonBounds {
  /** Spaces per level, as JSON.stringify's third argument (0: compact). */
  indent?: number;
  maxDepth?: number;
  maxChars?: number;
}

export const DEEP_MARKER = "[nested too deep]";

/** JSON text of `value` within bounds; undefined where JSON.stringify would give undefined. */
export function boundedJson(value: unknown, bounds: JsonBounds = {}): string | undefined {
  const indent = bounds.indent ?? 0;
  const maxDepth = bounds.maxDepth ?? 64;
  const maxChars = bounds.maxChars ?? 8 * 1024 * 1024;
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return scalarJson(value, maxChars);
  const parts: string[] = [];
  let length = 0;
  let full = false;
  const put = (text: string) => {
    if (full) return;
    if (length + text.length > maxChars) {
      parts.push(text.slice(0, Math.max(0, maxChars - length)), "…");
      full = true;
      return;
    }
    parts.push(text);
    length += text.length;
  };
  const pad = (depth: number) => (indent > 0 ? `\n${" ".repeat(indent * depth)}` : "");
  const write = (item: unknown, depth: number): boolean => {
    if (full) return true;
    if (item === null || typeof item === "number" || typeof item === "boolean" || typeof item === "string") {
      put(typeof item === "number" && !Number.isFinite(item) ? "null" : JSON.stringify(item));
      return true;
    }
    if (typeof item !== "object") return false; // undefined, function, symbol, bigint
    if (depth >= maxDepth) {
      put(JSON.stringify(DEEP_MARKER));
      return true;
    }
    if (Array.isArray(item)) {
      if (item.length === 0) {
        put("[]");
        return true;
      }
      put("[");
      item.forEach((element, i) => {
        put(`${i > 0 ? "," : ""}${pad(depth + 1)}`);
        if (!write(element, depth + 1)) put("null");
      });
      put(`${pad(depth)}]`);
      return true;
    }
    const entries = Object.entries(item as Record<string, unknown>).filter(
      ([, v]) => v !== undefined && typeof v !== "function" && typeof v !== "symbol",
    );
    if (entries.length === 0) {
      put("{}");
      return true;
    }
    put("{");
    entries.forEach(([key, v], i) => {
      put(`${i > 0 ? "," : ""}${pad(depth + 1)}${JSON.stringify(key)}:${indent > 0 ? " " : ""}`);
      write(v, depth + 1);
    });
    put(`${pad(depth)}}`);
    return true;
  };
  return write(value, 0) ? parts.join("") : undefined;
}

/**
 * A string, number, boolean or null as the general path would write it, without its bookkeeping: most values
 * previewed are scalars. A long string is cut before encoding (escapes only lengthen text, so the first
 * `maxChars` characters of the encoding come from at most that many characters of the string).
 */
function scalarJson(value: string | number | boolean | null, maxChars: number): string {
  const text =
    typeof value === "number" && !Number.isFinite(value)
      ? "null"
      : JSON.stringify(
          typeof value === "string" && value.length > maxChars ? value.slice(0, maxChars) : value,
        );
  return text.length > maxChars ? `${text.slice(0, Math.max(0, maxChars))}…` : text;
}
