// Session-file fuzzing: seeded mutations of real fixture sessions (bytes flipped, lines cut, dropped or
// repeated, fields given wrong types, deep or huge values, keel state entries of any shape) run through every
// offline reader keel has: load and walk, lookup (list, grep, show), the verbatim checkpoint, protect state and
// lifecycle. A throw is a crash. Shared by the fuzz test and `npm run proof`.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chooseOfflineBoundary, renderCheckpoint } from "../../../src/compact/verbatim/index.ts";
import { restoreLifecycle } from "../../../src/protect/lifecycle.ts";
import { loadProtectState } from "../../../src/protect/load.ts";
import { buildTranscript, lookupEntries, lookupEntry, lookupGrep } from "../../../src/recall/lookup/index.ts";
import { loadSessionBranch } from "../../../src/session/load-branch.ts";
import { REPO_ROOT } from "../cli.ts";
import { type Random, randomValue, seeded } from "./random.ts";

export interface FuzzFigures {
  cases: number;
  crashes: string[];
  peakRssBytes: number;
}

const FIXTURES = ["small-hand.jsonl", "generated-300.jsonl", "corrupt.jsonl"].map((name) =>
  readFileSync(join(REPO_ROOT, "test/fixtures/sessions", name), "utf8")
    .split("\n")
    .slice(0, 60),
);
const KEEL_TYPES = [
  "keel.protect.state",
  "keel.protect.pending",
  "keel.protect.verified",
  "keel.protect.recovery",
];

/** Sets a random field somewhere in `value` (depth ≤ 4) to a random value. */
function mutateJson(r: Random, value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object" || depth > 4 || r.chance(0.25)) return randomValue(r);
  if (Array.isArray(value)) {
    if (value.length === 0) return [randomValue(r)];
    const copy = [...value];
    const i = r.int(copy.length);
    copy[i] = mutateJson(r, copy[i], depth + 1);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const key =
    keys.length > 0 && r.chance(0.8) ? r.pick(keys) : r.pick(["cwd", "id", "parentId", "type", "message"]);
  copy[key] = mutateJson(r, copy[key], depth + 1);
  return copy;
}

function mutateLine(r: Random, line: string): string {
  switch (r.int(5)) {
    case 0:
      return line.slice(0, r.int(line.length + 1));
    case 1: {
      const at = r.int(line.length + 1);
      return `${line.slice(0, at)}${r.text(4)}${line.slice(at + 1)}`;
    }
    default:
      try {
        return JSON.stringify(mutateJson(r, JSON.parse(line))) ?? "null";
      } catch {
        return r.text(20);
      }
  }
}

/** The id of the last entry line that still parses, as a parent for an appended entry. */
function lastId(lines: string[]): string | null {
  for (const line of [...lines].reverse()) {
    try {
      const id = (JSON.parse(line) as { id?: unknown }).id;
      if (typeof id === "string") return id;
    } catch {
      // a line the fuzzer already broke: look further back
    }
  }
  return null;
}

/** One fuzzed session file's text. */
export function fuzzSessionText(r: Random): string {
  const lines = [...r.pick(FIXTURES)];
  const edits = 1 + r.int(4);
  for (let i = 0; i < edits; i++) {
    const at = r.int(lines.length);
    const op = r.int(6);
    if (op === 0) lines.splice(at, 1);
    else if (op === 1) lines.splice(at, 0, lines[at] ?? "");
    else if (op === 2) {
      const parentId = lastId(lines);
      const data = r.chance(0.5)
        ? randomValue(r)
        : mutateJson(r, { v: 1, compactionId: "c", snapshot: [], lostIds: [], recoveredIds: [], items: [] });
      lines.push(
        JSON.stringify({
          type: "custom",
          id: `k${i}`,
          parentId,
          timestamp: "2026",
          customType: r.pick(KEEL_TYPES),
          data,
        }),
      );
    } else lines[at] = mutateLine(r, lines[at] ?? "");
  }
  return lines.join("\n");
}

/** Runs every offline reader over one file; throws what they throw. */
async function readEverything(path: string): Promise<void> {
  const loaded = await loadSessionBranch(path);
  if (!loaded.ok) return;
  const { branch, session } = loaded.value;
  const transcript = buildTranscript(branch);
  lookupEntries(transcript, { limit: 50 });
  await lookupGrep(transcript, { pattern: "e", limit: 20 } as never);
  for (const entry of branch.slice(-3)) lookupEntry(transcript, { id: entry.id });
  const chosen = chooseOfflineBoundary(branch);
  if (chosen.ok) renderCheckpoint({ ...chosen.value, cwd: session.header?.cwd ?? "" });
  loadProtectState(branch, "2026-02-01T00:00:00.000Z");
  restoreLifecycle(branch);
}

export async function fuzzSessions(dir: string, seed: number, cases: number): Promise<FuzzFigures> {
  const r = seeded(seed);
  const crashes: string[] = [];
  let peak = process.memoryUsage().rss;
  for (let i = 0; i < cases; i++) {
    const path = join(dir, `fuzz-${i % 8}.jsonl`);
    writeFileSync(path, fuzzSessionText(r));
    try {
      await readEverything(path);
    } catch (error) {
      crashes.push(`seed ${seed} case ${i}: ${(error as Error)?.message ?? String(error)}`.slice(0, 300));
    }
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  return { cases, crashes, peakRssBytes: peak };
}
