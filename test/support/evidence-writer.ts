// A separate process that records evidence rows into a shared store file, for the concurrency test:
// `node test/support/evidence-writer.ts <db> <projectId> <count> <label>`; prints each number after commit.

import { recordEvidence } from "../../src/store/guard-evidence.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";

const [file, projectId, count, label] = process.argv.slice(2) as [string, string, string, string];
const store = await openStore(file);
await upsertProject(
  store.db,
  { id: projectId, root: "/p", identitySource: "configured", name: "p" },
  Date.now(),
);
for (let i = 0; i < Number(count); i++) {
  const row = await recordEvidence(store.db, {
    projectId,
    sessionId: label,
    command: `${label}-${i}`,
    exitCode: 0,
    signal: null,
    timedOut: false,
    durationMs: 1,
    outputSha256: "0",
    outputBytes: 0,
    outputTail: "",
    trusted: true,
    trustNote: null,
    gitHead: null,
    treeHash: null,
    createdAt: Date.now(),
  });
  process.stdout.write(`${row.number}\n`);
}
await store.close();
