// pi as the oracle for reading session files: loads a file with pi's own SessionManager (which migrates older
// formats) and with keel's reader, and compares them entry by entry: ids (pi draws random ones for version 1,
// so those are matched by position), parents, every other field, the default leaf and branch, and the
// unconnected parts (pi's tree roots). Returns pi's id → keel's id for further checks.
import { copyFileSync, mkdtempSync } from "node:fs";
import { basename, join } from "node:path";
import { SessionManager } from "@earendil-works/pi-coding-agent";
import { expect } from "vitest";
import { walkBranch } from "../../src/session/branch.ts";
import { findParts } from "../../src/session/parts.ts";
import { readSessionFile } from "../../src/session/read-session.ts";

type Loose = Record<string, unknown>;

/** The class that opens session files: the pinned pi's, or an older release's (same static `open`). */
export type SessionManagerClass = Pick<typeof SessionManager, "open">;

/** pi's view of a file: a copy in `scratch` is opened, because pi rewrites a migrated file in place. */
export function piOpenCopy(
  path: string,
  scratch: string,
  manager: SessionManagerClass = SessionManager,
): { manager: SessionManager; copy: string } {
  const dir = mkdtempSync(join(scratch, "pi-"));
  const copy = join(dir, basename(path));
  copyFileSync(path, copy);
  return { manager: manager.open(copy, dir), copy };
}

export async function expectReadLikePi(
  path: string,
  scratch: string,
  manager: SessionManagerClass = SessionManager,
): Promise<Map<string, string>> {
  const pi = piOpenCopy(path, scratch, manager).manager;
  const read = await readSessionFile(path);
  if (!read.ok) throw new Error(read.reason);
  const keel = read.value.session;
  const piEntries = pi.getEntries() as unknown as Loose[];
  expect(keel.entries).toHaveLength(piEntries.length);

  const idMap = new Map<string, string>();
  piEntries.forEach((entry, i) => {
    idMap.set(entry.id as string, keel.entries[i]!.id);
  });
  if (keel.formatVersion >= 2) for (const [piId, keelId] of idMap) expect(keelId).toBe(piId);
  expect(new Set(idMap.values()).size).toBe(piEntries.length);
  const mapped = (id: unknown) => (typeof id === "string" ? (idMap.get(id) ?? id) : id);

  piEntries.forEach((piEntry, i) => {
    const expected: Loose = { ...piEntry, id: mapped(piEntry.id), parentId: mapped(piEntry.parentId) };
    if ("firstKeptEntryId" in piEntry) expected.firstKeptEntryId = mapped(piEntry.firstKeptEntryId);
    expect(keel.entries[i], `entry ${i} of ${path}`).toEqual(expected);
  });

  expect(keel.entries.at(-1)?.id).toBe(mapped(pi.getLeafId()));
  const branch = walkBranch(keel);
  expect(branch.ok && branch.value.entries.map((e) => e.id)).toEqual(pi.getBranch().map((e) => mapped(e.id)));
  const roots = pi.getTree().map((node) => mapped(node.entry.id));
  const parts = findParts(keel);
  expect(parts.map((part) => part.rootId)).toEqual(roots);
  const piIdOf = new Map([...idMap].map(([piId, keelId]) => [keelId, piId]));
  for (const part of parts) {
    const walked = walkBranch(keel, part.leafId);
    const piBranch = pi.getBranch(piIdOf.get(part.leafId));
    expect(walked.ok && walked.value.entries.map((e) => e.id)).toEqual(piBranch.map((e) => mapped(e.id)));
  }
  return idMap;
}
