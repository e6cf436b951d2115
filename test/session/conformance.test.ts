// pi is the oracle: every fixture in test/fixtures/sessions/formats is loaded by pi's own SessionManager (which
// migrates older formats) and by keel's reader, and the two are compared entry by entry: ids (pi draws random
// ones for version 1, so those are matched by position), parents, types, roles, every other field, compaction
// boundaries, the default leaf and branch, and the unconnected parts (pi's tree roots).
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SessionManager } from "@earendil-works/pi-coding-agent";
import { afterAll, describe, expect, it } from "vitest";
import { walkBranch } from "../../src/session/branch.ts";
import { findParts } from "../../src/session/parts.ts";
import { readSessionFile } from "../../src/session/read-session.ts";
import { REPO_ROOT } from "../support/cli.ts";

const FORMATS = join(REPO_ROOT, "test/fixtures/sessions/formats");
const fixtures = readdirSync(FORMATS).filter((name) => name.endsWith(".jsonl"));
const scratch = mkdtempSync(join(tmpdir(), "keel-conformance-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Loose = Record<string, unknown>;

/** pi's view of a fixture: a copy is opened, because pi rewrites a migrated file in place. */
function piLoad(name: string) {
  const dir = mkdtempSync(join(scratch, "pi-"));
  const copy = join(dir, name);
  copyFileSync(join(FORMATS, name), copy);
  return SessionManager.open(copy, dir);
}

async function keelLoad(name: string) {
  const read = await readSessionFile(join(FORMATS, name));
  if (!read.ok) throw new Error(read.reason);
  return read.session;
}

describe("the fixtures cover every format pi has written", () => {
  it("holds v1 without ids, v1 with index boundaries, v2 with hook messages, v3 branched, parts, custom tools", () => {
    const text = fixtures.map((name) => readFileSync(join(FORMATS, name), "utf8")).join("\n");
    const headers = text.split("\n").filter((line) => line.includes('"type":"session"'));
    expect(headers.some((line) => !line.includes('"version"'))).toBe(true);
    for (const version of [1, 2, 3]) expect(text).toContain(`"version":${version}`);
    for (const marker of [
      '"firstKeptEntryIndex"',
      '"role":"hookMessage"',
      '"type":"branch_summary"',
      '"type":"custom"',
      '"type":"custom_message"',
      '"type":"label"',
      '"name":"deploy_file"',
    ])
      expect(text).toContain(marker);
  });
});

describe.each(fixtures)("%s read by keel as pi reads it", (name) => {
  it("has the same entries, tree, boundaries, leaf, branch and parts", async () => {
    const pi = piLoad(name);
    const keel = await keelLoad(name);
    const piEntries = pi.getEntries() as unknown as Loose[];
    expect(keel.entries).toHaveLength(piEntries.length);

    // pi's id → keel's id by position; for files that carry ids they must be the same ids.
    const idMap = new Map<string, string>();
    piEntries.forEach((entry, i) => {
      idMap.set(entry.id as string, keel.entries[i]!.id);
    });
    const legacy = keel.formatVersion < 2;
    if (!legacy) for (const [piId, keelId] of idMap) expect(keelId).toBe(piId);
    expect(new Set(idMap.values()).size).toBe(piEntries.length);
    const mapped = (id: unknown) => (typeof id === "string" ? (idMap.get(id) ?? id) : id);

    piEntries.forEach((piEntry, i) => {
      const expected: Loose = { ...piEntry, id: mapped(piEntry.id), parentId: mapped(piEntry.parentId) };
      if ("firstKeptEntryId" in piEntry) expected.firstKeptEntryId = mapped(piEntry.firstKeptEntryId);
      expect(keel.entries[i], `entry ${i} of ${name}`).toEqual(expected);
    });

    expect(keel.entries.at(-1)?.id).toBe(mapped(pi.getLeafId()));
    const branch = walkBranch(keel);
    expect(branch.ok && branch.branch.entries.map((e) => e.id)).toEqual(
      pi.getBranch().map((e) => mapped(e.id)),
    );

    const roots = pi.getTree().map((node) => mapped(node.entry.id));
    const parts = findParts(keel);
    expect(parts.map((part) => part.rootId)).toEqual(roots);
    for (const part of parts) {
      const walked = walkBranch(keel, part.leafId);
      const piBranch = pi.getBranch([...idMap].find(([, k]) => k === part.leafId)![0]);
      expect(walked.ok && walked.branch.entries.map((e) => e.id)).toEqual(piBranch.map((e) => mapped(e.id)));
    }
  });
});
