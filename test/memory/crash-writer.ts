// A writer for the crash-safety test: commits batches of memory records in transactions, forever, printing each
// record id only after its transaction committed. The test kills it with SIGKILL mid-stream.
// `node test/memory/crash-writer.ts <db file> <driver> <run>`

import type { DriverName } from "../../src/store/db.ts";
import { insertMemoryRow } from "../../src/store/memory-records.ts";
import { openStore } from "../../src/store/open.ts";
import { upsertProject } from "../../src/store/projects.ts";
import { withTransaction } from "../../src/store/transaction.ts";

const [file, driver, run = "0"] = process.argv.slice(2);
const store = await openStore(file!, { driver: driver as DriverName });
await upsertProject(
  store.db,
  { id: "crash", root: "/crash", identitySource: "configured", name: "crash" },
  1,
);
const filler = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor ".repeat(20);
for (let batch = 0; ; batch++) {
  const ids: string[] = [];
  await withTransaction(store.db, async (tx) => {
    for (let i = 0; i < 25; i++) {
      const id = `mem-crash-${run}-${batch}-${i}`;
      await insertMemoryRow(tx, {
        id,
        projectId: "crash",
        title: `record ${batch} ${i}`,
        body: `${filler} ${batch} ${i}`,
        tags: "crash",
        kind: "note",
        category: "other",
        origin: "agent",
        bytes: filler.length,
        createdAt: batch,
        updatedAt: batch,
      });
      ids.push(id);
    }
  });
  process.stdout.write(`${ids.join("\n")}\n`);
}
