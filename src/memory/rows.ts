// Conversions between stored memory rows and the MemoryRecord shape surfaces see, plus record ids and sizes.
import { nodeCrypto } from "../core/builtins.ts";
import type { MemoryRow } from "../store/memory-records.ts";
import type {
  MemoryCategory,
  MemoryKind,
  MemoryOrigin,
  MemoryRecord,
  MemoryStatus,
  Provenance,
} from "./model.ts";

/** A new record id: `mem-<yyyymmdd>-<12 hex>`; the date helps people, the random part keeps ids unique. */
export function newMemoryId(now: number): string {
  const day = new Date(now).toISOString().slice(0, 10).replaceAll("-", "");
  return `mem-${day}-${nodeCrypto().randomBytes(6).toString("hex")}`;
}

const parseList = <T>(text: string): T[] => {
  const value = JSON.parse(text) as unknown;
  return Array.isArray(value) ? (value as T[]) : [];
};

export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function splitTags(tags: string): string[] {
  return tags === "" ? [] : tags.split(" ");
}

/** Bytes a record counts against its project's quota: its text fields as stored. */
export function recordBytes(fields: {
  title: string;
  body: string;
  tags: string;
  sourceRefs: string;
  provenance: string;
}): number {
  const enc = new TextEncoder();
  return (
    enc.encode(fields.title).length +
    enc.encode(fields.body).length +
    enc.encode(fields.tags).length +
    enc.encode(fields.sourceRefs).length +
    enc.encode(fields.provenance).length
  );
}

export function toMemoryRecord(row: MemoryRow, links: string[]): MemoryRecord {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    kind: row.kind as MemoryKind,
    category: row.category as MemoryCategory,
    status: row.status as MemoryStatus,
    origin: row.origin as MemoryOrigin,
    tags: splitTags(row.tags),
    links,
    pinned: Boolean(row.pinned),
    expiresAt: iso(row.expiresAt),
    sourceRefs: parseList<string>(row.sourceRefs),
    aliases: parseList<string>(row.aliases),
    provenance: parseList<Provenance>(row.provenance),
    consolidatedFrom: parseList<string>(row.consolidatedFrom),
    supersededBy: row.supersededBy,
    sessionId: row.sessionId,
    branchId: row.branchId,
    bytes: row.bytes,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
