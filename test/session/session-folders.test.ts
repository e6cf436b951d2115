// Session folder listings kept by modification time (session-folders.ts) and the listing that skips files already
// read (restat: false): on real folders, a file added or removed shows at once, a folder changed within the same
// timestamp tick as it was read is read again, an unchanged quiet folder is not, and refreshSessionFile sees a file
// that grew after it was listed.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import {
  listSessionFiles,
  refreshSessionFile,
  type SessionSummaryCache,
} from "../../src/session/session-files.ts";
import type { SessionFolderCache } from "../../src/session/session-folders.ts";

let root: string;
let folder: string;

const session = (id: string) => {
  const b = createSessionBuilder({ sessionId: id });
  b.user(`hello from ${id}`);
  return b.toJsonl();
};
const names = async (folders: SessionFolderCache, cache?: SessionSummaryCache) =>
  (await listSessionFiles([root], { folders, cache })).sessions.map((s) => s.sessionId).sort();
/** Sets the folder's times to `at` (ms), as a folder last changed then. */
const stampFolder = (at: number) => utimesSync(folder, new Date(at), new Date(at));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "keel-session-folders-"));
  folder = join(root, "--proj--");
  mkdirSync(folder);
  writeFileSync(join(folder, "a.jsonl"), session("a"));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("folder listings kept by modification time", () => {
  it("show an added and a removed file at once", async () => {
    const folders: SessionFolderCache = new Map();
    stampFolder(Date.now() - 60_000);
    expect(await names(folders)).toEqual(["a"]);
    writeFileSync(join(folder, "b.jsonl"), session("b"));
    expect(await names(folders)).toEqual(["a", "b"]);
    rmSync(join(folder, "a.jsonl"));
    expect(await names(folders)).toEqual(["b"]);
  });

  it("read a folder changed within the racy window again, even when its time did not move", async () => {
    const folders: SessionFolderCache = new Map();
    const recent = Date.now() - 100;
    stampFolder(recent);
    expect(await names(folders)).toEqual(["a"]);
    // A file added in the same timestamp tick: the folder's time is what it was when it was read.
    writeFileSync(join(folder, "b.jsonl"), session("b"));
    stampFolder(recent);
    expect(await names(folders)).toEqual(["a", "b"]);
  });

  it("keep a quiet, unchanged folder's names without reading it", async () => {
    const folders: SessionFolderCache = new Map();
    const quiet = Date.now() - 60_000;
    stampFolder(quiet);
    expect(await names(folders)).toEqual(["a"]);
    const kept = folders.get(folder);
    expect(kept?.mtimeMs).toBe(statSync(folder).mtimeMs);
    // Same time and inode: the kept entries are served (this is the only case a change could go unseen, and a
    // real change moves the time unless it falls in the racy window tested above).
    writeFileSync(join(folder, "b.jsonl"), session("b"));
    stampFolder(quiet);
    expect(await names(folders)).toEqual(["a"]);
  });
});

describe("listing without looking at known files again", () => {
  it("gives the file as it was read, and refreshSessionFile as it is now", async () => {
    const cache: SessionSummaryCache = new Map();
    const first = await listSessionFiles([root], { cache });
    expect(first.sessions[0]?.entries).toBe(1);
    const b = createSessionBuilder({ sessionId: "a" });
    b.user("one");
    appendFileSync(join(folder, "a.jsonl"), `${JSON.stringify({ ...b.entries[0], id: "ffff0001" })}\n`);
    const quick = await listSessionFiles([root], { cache, restat: false });
    expect(quick.sessions[0]?.entries).toBe(1);
    const fresh = await refreshSessionFile(quick.sessions[0]!, cache);
    expect(fresh.entries).toBe(2);
    expect(fresh.sizeBytes).toBe(statSync(join(folder, "a.jsonl")).size);
  });
});
