// Contract files: the personal layer in the user's config folder and the team file `.keel/contract.json`
// tracked in a repository. Both are `{ "rules": [{ "id", "text" }] }`. A missing file means no rules; a
// broken one is reported and ignored, never repaired behind the user's back.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fail, ok, type Result } from "../../core/result.ts";
import type { ContractRule } from "./seed.ts";

export const TEAM_CONTRACT = join(".keel", "contract.json");

export function parseContractFile(text: string, source: "personal" | "team"): Result<ContractRule[]> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail(`not valid JSON (${(error as Error).message})`);
  }
  const rules = (data as { rules?: unknown })?.rules;
  if (!Array.isArray(rules)) return fail('expected { "rules": [ { "id": "...", "text": "..." } ] }');
  const parsed: ContractRule[] = [];
  for (const [index, rule] of rules.entries()) {
    const { id, text: body } = (rule ?? {}) as { id?: unknown; text?: unknown };
    if (typeof id !== "string" || id.trim() === "" || typeof body !== "string" || body.trim() === "") {
      return fail(`rule ${index + 1} needs a non-empty "id" and "text"`);
    }
    parsed.push({ id: id.trim(), text: body, source });
  }
  return ok(parsed);
}

export interface LoadedLayer {
  rules: ContractRule[];
  /** Set when the file exists but could not be used. */
  problem?: string;
}

export function readContractFile(path: string, source: "personal" | "team"): LoadedLayer {
  if (!existsSync(path)) return { rules: [] };
  const parsed = parseContractFile(readFileSync(path, "utf8"), source);
  return parsed.ok ? { rules: parsed.value } : { rules: [], problem: `${path}: ${parsed.reason}` };
}

/** Rewrites a contract file atomically (temp file + rename). */
export function writeContractFile(path: string, rules: ContractRule[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const body = `${JSON.stringify({ rules: rules.map(({ id, text }) => ({ id, text })) }, null, 2)}\n`;
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, body);
  renameSync(temp, path);
}
