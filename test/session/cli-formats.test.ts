// Every keel surface that takes a session file, on older formats and files in several parts, as a user runs it.
// pi is the oracle for what a version-1 file means: the same file after pi's own migration must give the same
// checkpoint (entry ids aside, which pi draws at random).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isolatedEnv, REPO_ROOT, runKeel } from "../support/cli.ts";
import { piOpenCopy } from "../support/pi-session-oracle.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("formats-cli");
const env = isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") });
const fixture = (name: string) => join(REPO_ROOT, "test/fixtures/sessions/formats", name);
const keel = (args: string[]) => runKeel(args, { cwd: root, env });

const idsOf = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .flatMap((line) => {
      try {
        const value = JSON.parse(line);
        return value.type === "session" ? [] : [String(value.id)];
      } catch {
        return [];
      }
    });

/** The fixture as pi leaves it after opening: migrated to the current format and rewritten. */
const piMigrated = (name: string) => piOpenCopy(fixture(name), root).copy;

describe("version-1 files with index-based compaction boundaries", () => {
  it("keel compact replays the last compaction exactly as on pi's migrated copy", () => {
    const original = keel(["compact", fixture("v1-index-compaction.jsonl"), "--json"]);
    expect(original.status, original.stderr).toBe(0);
    const migratedPath = piMigrated("v1-index-compaction.jsonl");
    const migrated = keel(["compact", migratedPath, "--json"]);
    expect(migrated.status, migrated.stderr).toBe(0);
    const ours = JSON.parse(original.stdout);
    const theirs = JSON.parse(migrated.stdout);
    expect(ours.problems).toEqual([]);
    expect(ours.boundary.firstKeptEntryId).toBe("line-21");
    expect(ours.stats.compactedEntries).toBe(10);
    // keel's ids line-<n> against pi's random ids, in file order (the fixture's line 6 is blank).
    const keelIds = idsOf(fixture("v1-index-compaction.jsonl")).map((_, i) => `line-${i + (i >= 4 ? 3 : 2)}`);
    const piIds = idsOf(migratedPath);
    let summary: string = theirs.summary;
    piIds.forEach((id, i) => {
      summary = summary.replaceAll(id, keelIds[i]!);
    });
    expect(ours.summary).toBe(summary);
    expect(ours.stats.compactedEntries).toBe(theirs.stats.compactedEntries);
    expect(ours.summary).toContain('<compacted-span n="2" from="line-11" to="line-20"');
    expect(ours.summary).toContain(
      "[User]: Now update the ORM model in src/models/order.ts. ORM-MODEL-STEP.",
    );
    expect(ours.summary).not.toContain("SERIALIZER-STEP");
  });

  it("keel lookup shows the translated boundary and finds version-1 entries by their ids", () => {
    const show = keel(["lookup", "show", fixture("v1-index-compaction.jsonl"), "line-14"]);
    expect(show.status, show.stderr).toBe(0);
    expect(show.stdout).toContain("[compaction] firstKept=line-11 tokensBefore=5400");
    const grep = keel(["lookup", "grep", fixture("v1-no-ids.jsonl"), "CART-ROUNDING-RULE", "--json"]);
    expect(JSON.parse(grep.stdout).matches[0]).toMatchObject({ entryId: "line-10", role: "user" });
    // The corrupt line 9 is skipped, as pi skips it, so index 7 is the user message on line 10.
    const compact = keel(["compact", fixture("v1-no-ids.jsonl"), "--json"]);
    expect(JSON.parse(compact.stdout).boundary.firstKeptEntryId).toBe("line-10");
  });
});

describe("version-1 lines pi skips or cannot resolve", () => {
  it("keeps nothing before a compaction whose index boundary pi could not translate, as pi does", () => {
    const run = keel(["compact", fixture("v1-odd-lines.jsonl"), "--leaf", "line-12", "--json"]);
    expect(run.status, run.stderr).toBe(0);
    const data = JSON.parse(run.stdout);
    expect(data.partial).toBe(false);
    expect(data.warnings).toEqual([
      "the compaction records no first kept entry; as in pi, everything before it is compacted",
    ]);
    expect(data.stats.compactedEntries).toBe(1);
    expect(data.summary).toContain('[Custom message] type="old-hook" (content removed)');
    expect(data.problems).toContain("line 3 holds null, not an entry; skipped, as pi does");
    expect(data.problems.join("\n")).not.toMatch(/undefined|not valid JSON/);
  });
});

describe("a file in two unconnected parts", () => {
  const file = fixture("v3-two-parts.jsonl");

  it("lookup lists, greps and shows across every part by default and says so", () => {
    const list = keel(["lookup", "list", file]);
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toContain("6 of 6 entries shown");
    expect(list.stderr).toMatch(/2 unconnected parts .*searching all of them/);
    expect(list.stderr).toContain(
      "part 1: d1000001 … d1000004, 4 entries; its parent ffffff01 is not in the file",
    );
    const grep = keel(["lookup", "grep", file, "TOKEN-BUCKET-PLAN", "--json"]);
    expect(grep.status).toBe(0);
    const found = JSON.parse(grep.stdout);
    expect(found.matches).toEqual([expect.objectContaining({ entryId: "d1000004" })]);
    expect(found.parts).toEqual([
      { rootId: "d1000001", leafId: "d1000004", entries: 4, missingParentId: "ffffff01" },
      { rootId: "d2000001", leafId: "d2000002", entries: 2 },
    ]);
    expect(found.searchedLeaves).toEqual(["d1000004", "d2000002"]);
    expect(keel(["lookup", "show", file, "d1000001"]).stdout).toContain("RATE-LIMIT-GOAL");
  });

  it("lookup --leaf searches only the part it names", () => {
    const grep = keel(["lookup", "grep", file, "TOKEN-BUCKET-PLAN", "--leaf", "d2000002"]);
    expect(grep.stdout).toContain("no matches");
    expect(grep.stderr).toMatch(/2 unconnected parts .*the part holding --leaf, ending at d2000002/);
    const list = keel(["lookup", "list", file, "--leaf", "d1000004", "--json"]);
    expect(JSON.parse(list.stdout).total).toBe(4);
  });

  it("extract reads every part by default and says so; --leaf reads one", () => {
    const text = keel(["extract", file]);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stderr).toMatch(/2 unconnected parts .*extracting from all of them/);
    expect(text.stdout).toContain("src/auth/login.ts");
    const doc = JSON.parse(keel(["extract", file, "--json"]).stdout);
    expect(doc.files.read).toEqual(["src/auth/login.ts"]);
    expect(doc.goal).toBe("Add rate limiting to the login endpoint.");
    expect(doc.extractedLeaves).toEqual(["d1000004", "d2000002"]);
    expect(doc.parts).toHaveLength(2);
    const one = keel(["extract", file, "--leaf", "d2000002"]);
    expect(one.stderr).toMatch(/2 unconnected parts .*the part holding --leaf, ending at d2000002/);
    expect(one.stdout).not.toContain("src/auth/login.ts");
    const oneDoc = JSON.parse(keel(["extract", file, "--leaf", "d2000002", "--json"]).stdout);
    expect(oneDoc.extractedLeaves).toEqual(["d2000002"]);
  });

  it("compact and protect name the parts and the one they use", () => {
    const compact = keel(["compact", file]);
    expect(compact.status).toBe(1);
    expect(compact.stderr).toMatch(
      /2 unconnected parts .*the part with the file's last entry, ending at d2000002/,
    );
    const protect = keel(["protect", file]);
    expect(protect.stderr).toMatch(/2 unconnected parts/);
  });
});

describe("keel compact --at where nothing is left to compact", () => {
  it("says so with exit 2 instead of writing an empty span", () => {
    const file = fixture("v2-hook-branch.jsonl");
    const onBoundary = keel(["compact", file, "--at", "b1000009"]);
    expect(onBoundary.status).toBe(2);
    expect(onBoundary.stdout).not.toContain("<compacted-span");
    expect(onBoundary.stderr).toContain(
      "nothing is left to compact before b1000009: compaction b100000b already compacted the branch up to b1000009",
    );
    const earlier = keel(["compact", file, "--at", "b1000001", "--json"]);
    expect(earlier.status).toBe(2);
    expect(JSON.parse(earlier.stdout).error).toMatch(/^nothing is left to compact before b1000001/);
    const later = keel(["compact", file, "--at", "b100000c", "--json"]);
    expect(later.status).toBe(0);
    expect(JSON.parse(later.stdout).stats.compactedEntries).toBe(3);
  });
});
