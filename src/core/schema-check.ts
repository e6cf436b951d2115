// Structural validation with TypeBox (Value.Check, Value.Errors): one helper that turns the first schema error
// into a short sentence naming the field, for every surface that checks input or stored state against a schema.
import type { Static, TSchema } from "typebox";
import { Value } from "typebox/value";
import { fail, ok, type Result } from "./result.ts";

export interface ShapeProblem {
  /** The top-level field at fault ("" for the value itself). */
  field: string;
  /** `<path> <what is wrong>`, e.g. "kind must be one of note, fact". */
  message: string;
}

/** The value typed by its schema, or the first structural problem with it. */
export function checkShape<T extends TSchema>(schema: T, value: unknown): Result<Static<T>, ShapeProblem> {
  if (Value.Check(schema, value)) return ok(value as Static<T>);
  const errors = [...Value.Errors(schema, value)];
  const first = errors.find((e) => e.keyword !== "boolean") ?? errors[0];
  const path = first?.instancePath ?? "";
  const field = path.split("/")[1] ?? "";
  const name = path.slice(1).replaceAll("/", ".") || "the value";
  const allowed = errors
    .filter((e) => e.instancePath === path && (e.keyword === "const" || e.keyword === "enum"))
    .flatMap((e) => {
      const params = e.params as { allowedValue?: unknown; allowedValues?: unknown[] };
      return (params.allowedValues ?? [params.allowedValue]).map(String);
    });
  const what =
    allowed.length > 0
      ? `must be one of ${allowed.join(", ")}`
      : first?.keyword === "pattern"
        ? patternSentence(schema, first.schemaPath)
        : (first?.message ?? "is not valid");
  const extra = (first?.params as { additionalProperties?: string[] } | undefined)?.additionalProperties;
  return fail({
    field,
    message: extra ? `${name} does not take "${extra.join('", "')}"` : `${name} ${what}`,
  });
}

/** A pattern mismatch in people's words: the schema's first example when it has one, never the raw expression. */
function patternSentence(schema: TSchema, schemaPath: string): string {
  let node: unknown = schema;
  for (const key of schemaPath.replace(/^#\/?/, "").split("/").filter(Boolean)) {
    node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  const examples =
    typeof node === "object" && node !== null ? (node as { examples?: unknown }).examples : undefined;
  const example = Array.isArray(examples) ? examples[0] : undefined;
  return typeof example === "string"
    ? `is not in the right form (it looks like ${example})`
    : "is not in the right form";
}
