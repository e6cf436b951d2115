// Derived memory: what a confirmed keel compaction recorded (files read and modified, decisions, constraints) is
// indexed as records of origin "derived", scoped to project, session and branch leaf. They never count against
// the quota, never mix into ordinary searches, and are capped per project (oldest go first).
import { sha256Hex } from "../core/hash.ts";
import { problem } from "../core/result.ts";
import { scrubSecrets } from "../core/secrets.ts";
import { findByFactKey, insertMemoryRow, pruneDerived, updateMemoryText } from "../store/memory-records.ts";
import { MEMORY_LIMITS, type MemoryKind, type MemoryResult } from "./model.ts";
import { type MemoryDeps, memoryTransaction } from "./policy.ts";
import { newMemoryId, recordBytes } from "./rows.ts";

export interface CompactionFacts {
  projectId: string;
  sessionId: string;
  /** The branch leaf (pi entry id) the compaction summarised up to. */
  branchId: string;
  filesRead: string[];
  filesModified: string[];
  decisions?: string[];
  constraints?: string[];
}

export interface IndexOutcome {
  created: string[];
  updated: string[];
  pruned: number;
}

interface DerivedFact {
  key: string;
  kind: MemoryKind;
  title: string;
  body: string;
  tags: string[];
}

const short = (id: string) => id.slice(0, 8);
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Truncates to the body limit on a line boundary. */
function capBody(lines: string[]): string {
  const out: string[] = [];
  let bytes = 0;
  for (const line of lines) {
    bytes += new TextEncoder().encode(line).length + 1;
    if (bytes > MEMORY_LIMITS.bodyBytes - 64) {
      out.push(`… ${lines.length - out.length} more`);
      break;
    }
    out.push(line);
  }
  return out.join("\n");
}

/** The derived records one compaction yields. Pure. */
export function deriveFacts(f: CompactionFacts): DerivedFact[] {
  const scope = `${f.sessionId}:${f.branchId}`;
  const where = `session ${short(f.sessionId)}, branch ${short(f.branchId)}`;
  const facts: DerivedFact[] = [];
  const files = (label: string, tag: string, list: string[]) => {
    const unique = [...new Set(list.map(oneLine).filter(Boolean))].sort();
    if (unique.length === 0) return;
    facts.push({
      key: `${tag}:${scope}`,
      kind: "context",
      title: `${label} (${where})`,
      body: capBody(unique),
      tags: ["compaction", tag],
    });
  };
  files("Files read", "files-read", f.filesRead);
  files("Files modified", "files-modified", f.filesModified);
  const items = (kind: MemoryKind, tag: string, list: string[] | undefined) => {
    for (const text of new Set((list ?? []).map(oneLine).filter(Boolean))) {
      const title = [...text].length > 120 ? `${[...text].slice(0, 119).join("")}…` : text;
      facts.push({
        key: `${tag}:${scope}:${sha256Hex(text).slice(0, 16)}`,
        kind,
        title,
        body: capBody([text]),
        tags: ["compaction", tag],
      });
    }
  };
  items("decision", "decision", f.decisions);
  items("fact", "constraint", f.constraints);
  return facts;
}

/** Stores (or refreshes) the derived records of one confirmed compaction, in one transaction. */
export async function indexCompactionFacts(
  deps: MemoryDeps,
  f: CompactionFacts,
): Promise<MemoryResult<IndexOutcome>> {
  if (!f.projectId || !f.sessionId || !f.branchId)
    return problem("INVALID_INPUT", "projectId, sessionId and branchId are required");
  const facts = deriveFacts(f);
  const now = deps.clock.now();
  const provenance = JSON.stringify([{ sessionId: f.sessionId, head: null, worktree: null }]);
  return memoryTransaction(deps.db, async (db) => {
    const outcome: IndexOutcome = { created: [], updated: [], pruned: 0 };
    for (const fact of facts) {
      const title = scrubSecrets(fact.title).text;
      const body = scrubSecrets(fact.body).text;
      const tags = fact.tags.join(" ");
      const bytes = recordBytes({ title, body, tags, sourceRefs: "[]", provenance });
      const existing = await findByFactKey(db, f.projectId, fact.key);
      if (existing) {
        await updateMemoryText(db, f.projectId, existing.id, { title, body, tags, bytes, updatedAt: now });
        outcome.updated.push(existing.id);
        continue;
      }
      const id = newMemoryId(now);
      await insertMemoryRow(db, {
        id,
        projectId: f.projectId,
        title,
        body,
        tags,
        kind: fact.kind,
        category: "session",
        origin: "derived",
        provenance,
        sessionId: f.sessionId,
        branchId: f.branchId,
        factKey: fact.key,
        bytes,
        createdAt: now,
        updatedAt: now,
      });
      outcome.created.push(id);
    }
    outcome.pruned = await pruneDerived(db, f.projectId, MEMORY_LIMITS.derivedPerProject);
    return outcome;
  });
}
