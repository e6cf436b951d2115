// pi is the oracle: every fixture in test/fixtures/sessions/formats is loaded by pi's own SessionManager and by
// keel's reader and compared entry by entry (test/support/pi-session-oracle.ts), for the pinned pi and for the
// older releases keel supports.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/cli.ts";
import { OLDER_PI_RELEASES } from "../support/pi-releases.ts";
import { expectReadLikePi, type SessionManagerClass } from "../support/pi-session-oracle.ts";
import { tempDir } from "../support/temp.ts";

const FORMATS = join(REPO_ROOT, "test/fixtures/sessions/formats");
const fixtures = readdirSync(FORMATS).filter((name) => name.endsWith(".jsonl"));
const scratch = tempDir("conformance");

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
  it("has the same entries, tree, boundaries, leaf, branch and parts as the pinned pi", async () => {
    await expectReadLikePi(join(FORMATS, name), scratch);
  });

  it.each(OLDER_PI_RELEASES.map((release) => release.version))("… and as pi %s", async (version) => {
    const entry = join(
      REPO_ROOT,
      "test/pi-releases",
      version,
      "node_modules/@earendil-works/pi-coding-agent/dist/index.js",
    );
    const pi = (await import(entry)) as { SessionManager: SessionManagerClass };
    await expectReadLikePi(join(FORMATS, name), scratch, pi.SessionManager);
  });
});
