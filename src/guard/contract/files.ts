// Contract files: the personal layer in the user's config folder and the team file `.keel/contract.json`
// tracked in a repository. Both are `{ "rules": [{ "id", "text" }] }`. A missing file means no rules; a
// broken one is reported and ignored, never repaired behind the user's back.
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { readFileBounded } from "../../core/bounded-read.ts";
import { fail, ok, type Result } from "../../core/result.ts";
import { shortForTerminal } from "../../core/terminal-text.ts";
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
    parsed.push({ id: id.trim(), text: body, origin: source });
  }
  return ok(parsed);
}

export interface LoadedLayer {
  rules: ContractRule[];
  /** Set when the file exists but could not be used. */
  problem?: string;
}

/** Contract files hold a few dozen one-line rules; 1 MB is far beyond any real one. */
const CONTRACT_FILE_MAX_BYTES = 1024 * 1024;

export function readContractFile(path: string, source: "personal" | "team"): LoadedLayer {
  if (!existsSync(path)) return { rules: [] };
  // A FIFO or a huge file in place of .keel/contract.json must not block or exhaust the reader.
  const text = readFileBounded(path, CONTRACT_FILE_MAX_BYTES, `${source} contract file`);
  if (!text.ok) return { rules: [], problem: text.reason };
  const parsed = parseContractFile(text.value, source);
  return parsed.ok
    ? { rules: parsed.value }
    : { rules: [], problem: `${shortForTerminal(path, 160)}: ${parsed.reason}` };
}

/** Rewrites a contract file atomically (temp file + rename). */
export function writeContractFile(path: string, rules: ContractRule[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const body = `${JSON.stringify({ rules: rules.map(({ id, text }) => ({ id, text })) }, null, 2)}\n`;
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, body);
  renameSync(temp, path);
}
