// Every secret in the corpus, written through every store write (journal, contract, evidence from a real
// process, memory records, compaction records, loop streaks), then every table of the store dumped: none may
// appear anywhere. The CLI surfaces are checked on the formats that used to leak, through `keel` itself.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { recordConfirmedCompaction } from "../../src/compact/record.ts";
import { systemClock } from "../../src/core/clock.ts";
import { verifyCommand } from "../../src/guard/evidence/verify.ts";
import { recordMemory } from "../../src/memory/records.ts";
import type { KeelDb } from "../../src/store/db.ts";
import { addJournalEntry, putRule } from "../../src/store/guard-journal.ts";
import { saveLoopStreaks } from "../../src/store/guard-loops.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";
import { SECRET_CORPUS, type SecretSample } from "../fixtures/secrets/corpus.ts";
import { isolatedEnv, runKeel } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { dumpAllTables, leaksIn } from "../support/store-dump.ts";

const root = mkdtempSync(join(tmpdir(), "keel-secrets-stored-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function writeEverywhere(db: KeelDb, repo: string, sample: SecretSample, i: number): Promise<void> {
  const clock = systemClock;
  await addJournalEntry(db, {
    projectId: "p",
    sessionId: "s",
    type: "note",
    text: sample.text,
    tags: JSON.stringify([sample.text]),
    author: "owner",
    createdAt: i,
  });
  await putRule(db, { projectId: "p", id: `r${i}`, text: sample.text, source: "owner", createdAt: i });
  const memory = await recordMemory(
    { db, clock },
    { projectId: "p", origin: "user", provenance: { sessionId: null, head: null, worktree: null } },
    {
      title: `t ${sample.text}`.replace(/\s+/g, " ").slice(0, 200),
      body: sample.text,
      kind: "fact",
      category: "other",
      tags: ["corpus"],
      sourceRefs: [sample.text.replace(/\s+/g, " ").slice(0, 2000)],
    },
  );
  expect(memory.ok, JSON.stringify(memory)).toBe(true);
  await recordConfirmedCompaction(
    { db, clock },
    {
      projectId: "p",
      sessionId: "s",
      sessionFile: `/tmp/${sample.text}`,
      entry: { id: `e${i}`, summary: "x" },
      reason: sample.text,
      fromExtension: true,
    },
  );
  await saveLoopStreaks(
    db,
    { sessionId: "s", projectId: "p", now: i },
    { streaks: { [`f${i}`]: { failures: 1, command: sample.text } } },
    [`f${i}`],
  );
  // The output comes from a file; the command carries the secret in a shell comment, unquoted.
  writeFileSync(join(repo, `sample-${i}.txt`), `${sample.text}\n`);
  const command = `cat sample-${i}.txt # ${sample.text.replace(/\s+/g, " ")}`;
  const run = await verifyCommand({ db, clock }, { projectId: "p", sessionId: "s", cwd: repo, command });
  expect(run.evidence.exitCode).toBe(0);
}

describe("no secret is stored", () => {
  it("through any store write, in any table", async () => {
    const repo = initRepo(join(root, "repo"));
    const store = await openStore(join(root, "engine.db"));
    await upsertProject(store.db, { id: "p", root: repo, identitySource: "git", name: "repo" }, 1);
    for (const [i, sample] of SECRET_CORPUS.entries()) await writeEverywhere(store.db, repo, sample, i);
    const dump = await dumpAllTables(store.db);
    expect(dump.get("guard_evidence")?.length).toBeGreaterThan(1000);
    expect(leaksIn(dump, SECRET_CORPUS).join("\n")).toBe("");
    await store.close();
  }, 120_000);

  it("through keel note, contract add, memory record and verify", () => {
    const leaked = new Set([
      "github token as 40 hex in env",
      "pgp private key block",
      "authorization basic",
      "discord bot token",
      "mysql password flag",
      "dotenv quoted password with spaces",
    ]);
    const samples = SECRET_CORPUS.filter((s) => leaked.has(s.name));
    const repo = initRepo(join(root, "cli-repo"));
    const db = join(root, "cli.db");
    const env = isolatedEnv(join(root, "agent"), { KEEL_DB: db });
    for (const [i, sample] of samples.entries()) {
      for (const args of [
        ["note", "note", "--", sample.text],
        ["contract", "add", "--id", `rule-${i}`, "--", sample.text],
        ["memory", "record", "-k", "note", "--title", `secret ${i}`, "--body", sample.text],
        ["verify", `printf '%s\\n' '${sample.text.replaceAll("'", "'\\''")}'`],
      ]) {
        const run = runKeel(args, { cwd: repo, env });
        expect(run.status, `${args.slice(0, 2).join(" ")}: ${run.stderr}`).toBe(0);
        expect(run.stdout + run.stderr).not.toContain(sample.secrets[0]);
      }
    }
    return openStore(db).then(async (store) => {
      expect(leaksIn(await dumpAllTables(store.db), samples)).toEqual([]);
      await store.close();
    });
  }, 120_000);
});
