// The session header as keel trusts it: a TypeBox schema of the fields keel reads (id, cwd, version, timestamp,
// parentSession). A header field of the wrong type is dropped and reported, so later code (paths relative to
// cwd, version checks) never meets a number where it expects text. Parsing lives in parse.ts.
import { Type } from "typebox";
import { Value } from "typebox/value";
import type { SessionHeader } from "./entries.ts";

const FIELDS = {
  id: Type.String(),
  cwd: Type.String(),
  version: Type.Number(),
  timestamp: Type.String(),
  parentSession: Type.String(),
} as const;

/** The header with every known field of the wrong type removed, and the names of the fields removed. */
export function checkHeader(value: Record<string, unknown>): { header: SessionHeader; dropped: string[] } {
  const header: Record<string, unknown> = { ...value };
  const dropped: string[] = [];
  for (const [name, schema] of Object.entries(FIELDS)) {
    if (header[name] === undefined || Value.Check(schema, header[name])) continue;
    delete header[name];
    dropped.push(name);
  }
  return { header: header as unknown as SessionHeader, dropped };
}
