// Writing memory_vectors through Drizzle (reads are memory-vectors.ts's, raw, so a search needs no ORM).
import { sql } from "drizzle-orm";
import type { KeelDb } from "./db.ts";

export interface NewVector {
  recordSeq: number;
  textHash: string;
  vector: Uint8Array;
}

/** Writes vectors (replacing any earlier one of the same record and model, which moves it to a new id). */
export async function putVectors(
  db: KeelDb,
  projectId: string,
  model: string,
  vectors: NewVector[],
  now: number,
): Promise<void> {
  for (const v of vectors) {
    await db.run(sql`delete from memory_vectors where record_seq = ${v.recordSeq} and model = ${model}`);
    await db.run(sql`
      insert into memory_vectors (record_seq, project_id, model, text_hash, vector, created_at)
      values (${v.recordSeq}, ${projectId}, ${model}, ${v.textHash}, ${v.vector}, ${now})`);
  }
}
