// Writes every corpus sample through every store write keel has (journal, contract, memory, compaction record,
// loop streak, evidence from a real process), then dumps every table and lists what leaked. Shared by the
// secrets test and `npm run proof`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { recordConfirmedCompaction } from "../../../src/compact/record.ts";
import { systemClock } from "../../../src/core/clock.ts";
import { verifyCommand } from "../../../src/guard/evidence/verify.ts";
import { recordMemory } from "../../../src/memory/records.ts";
import type { Store } from "../../../src/store/db.ts";
import { addJournalEntry, putRule } from "../../../src/store/guard-journal.ts";
import { saveLoopStreaks } from "../../../src/store/guard-loops.ts";
import { upsertProject } from "../../../src/store/projects.ts";
import type { SecretSample } from "../../fixtures/secrets/corpus.ts";
import { initRepo } from "../git-repo.ts";
import { dumpAllTables, leaksIn } from "../store-dump.ts";
import { testStore } from "../temp.ts";

export interface SecretFigures {
  formats: number;
  writes: number;
  /** Characters of evidence stored (shows the runs really happened). */
  evidenceChars: number;
  leaks: string[];
}

async function writeEverywhere(store: Store, repo: string, sample: SecretSample, i: number): Promise<void> {
  const { db, read } = store;
  const clock = systemClock;
  await addJournalEntry(db, {
    projectId: "p",
    sessionId: "s",
    type: "note",
    text: sample.text,
    tags: JSON.stringify([sample.text]),
    origin: "owner",
    createdAt: i,
  });
  await putRule(db, { projectId: "p", id: `r${i}`, text: sample.text, origin: "owner", createdAt: i });
  const memory = await recordMemory(
    { db, read, clock },
    { projectId: "p", origin: "owner", provenance: { sessionId: null, head: null, worktree: null } },
    {
      title: `t ${sample.text}`.replace(/\s+/g, " ").slice(0, 200),
      body: sample.text,
      kind: "fact",
      category: "other",
      tags: ["corpus"],
      sourceRefs: [sample.text.replace(/\s+/g, " ").slice(0, 2000)],
    },
  );
  if (!memory.ok) throw new Error(`memory record refused: ${JSON.stringify(memory.reason)}`);
  await recordConfirmedCompaction(
    { db, clock },
    {
      projectId: "p",
      sessionId: "s",
      entries: [],
      sessionFile: `/tmp/${sample.text}`,
      entry: {
        type: "compaction",
        id: `e${i}`,
        parentId: null,
        timestamp: new Date(i).toISOString(),
        summary: "x",
        firstKeptEntryId: "k",
        tokensBefore: 0,
      },
      reason: sample.text,
      fromExtension: true,
    },
  );
  await saveLoopStreaks(
    db,
    { sessionId: "s", projectId: "p", now: i },
    { streaks: { [`f${i}`]: { failures: 1, command: sample.text, tree: null, digest: "", refusals: 0 } } },
    [`f${i}`],
  );
  // The output comes from a file; the command carries the secret in a shell comment, unquoted.
  writeFileSync(join(repo, `sample-${i}.txt`), `${sample.text}\n`);
  const command = `cat sample-${i}.txt # ${sample.text.replace(/\s+/g, " ")}`;
  const run = await verifyCommand({ db, clock }, { projectId: "p", sessionId: "s", cwd: repo, command });
  if (run.evidence.exitCode !== 0) throw new Error(`evidence run failed: ${command}`);
}

export async function secretsThroughEveryWrite(dir: string, samples: SecretSample[]): Promise<SecretFigures> {
  const repo = initRepo(join(dir, "secrets-repo"));
  const store = await testStore(dir, "secrets.db");
  try {
    await upsertProject(store.db, { id: "p", root: repo, identitySource: "git", name: "repo" }, 1);
    for (const [i, sample] of samples.entries()) await writeEverywhere(store, repo, sample, i);
    const dump = await dumpAllTables(store.db);
    return {
      formats: samples.length,
      writes: samples.length * 6,
      evidenceChars: dump.get("guard_evidence")?.length ?? 0,
      leaks: leaksIn(dump, samples),
    };
  } finally {
    await store.close();
  }
}
