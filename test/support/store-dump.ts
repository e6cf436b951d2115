// Dumps every table of a keel store (FTS shadow tables included) and looks for secret substrings in it:
// the measurement behind "no secret stored", shared by the secrets tests and `npm run proof`.
import { sql } from "drizzle-orm";
import type { KeelDb } from "../../src/store/db.ts";
import type { SecretSample } from "../fixtures/secrets/corpus.ts";

/** Every row of every table (FTS shadow tables included) as one string per table. */
export async function dumpAllTables(db: KeelDb): Promise<Map<string, string>> {
  const tables = (await db.all(sql`select name from sqlite_master where type = 'table'`)) as Array<{
    name: string;
  }>;
  const out = new Map<string, string>();
  for (const { name } of tables) {
    const rows = await db.all(sql.raw(`select * from "${name.replaceAll('"', '""')}"`));
    out.set(
      name,
      JSON.stringify(rows, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString("latin1") : v)),
    );
  }
  return out;
}

/** Secret substrings found in the dump, as "table: sample" lines. */
export function leaksIn(dump: Map<string, string>, samples: SecretSample[]): string[] {
  const leaks: string[] = [];
  for (const [table, text] of dump) {
    for (const sample of samples) {
      // JSON.stringify escapes newlines, so compare against the escaped form too.
      for (const secret of sample.secrets) {
        if (text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1)))
          leaks.push(`${table}: ${sample.name}`);
      }
    }
  }
  return leaks;
}
