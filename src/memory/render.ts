// Human-readable text for memory results, shared by the CLI and the /keel memory command. Pure formatting.
import type { CleanupOutcome } from "./cleanup.ts";
import type { MemoryRecord } from "./model.ts";
import type { ReadOutcome, RecordOutcome } from "./records.ts";
import type { CleanupPlan } from "./retention.ts";
import type { SearchHit, SearchOutcome } from "./search.ts";
import type { MemoryStatus } from "./status.ts";

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function renderMemoryStatus(s: MemoryStatus): string[] {
  return [
    `project     ${s.projectId.slice(0, 16)}`,
    `records     ${s.records} (${s.pinnedRecords} pinned), ${s.derivedRecords} derived from compactions`,
    `size        ${kib(s.bytes)} of ${kib(s.limitBytes)}${s.overLimit ? "  OVER QUOTA" : ""}`,
    `cleanup     ${s.cleanupMode}, ${s.obsoleteRecords} record(s) eligible now, revision ${s.revision}`,
    `meaning     ${s.meaning.model}: ${s.meaning.embedded} of ${s.meaning.records} record(s) embedded, index ${kib(s.meaning.indexBytes)}${s.meaning.available ? "" : " (model not in this build)"}`,
  ];
}

export function renderSearch(result: SearchOutcome): string[] {
  if (result.results.length === 0) return ["no matching records"];
  const lines: string[] = [];
  for (const [i, hit] of result.results.entries()) {
    const flags = [
      hit.kind,
      hit.status !== "active" ? `${hit.status} → ${hit.supersededBy ?? "?"}` : "",
      hit.pinned ? "pinned" : "",
    ]
      .filter(Boolean)
      .join(", ");
    lines.push(`${i + 1}. ${hit.id}  ${hit.title}  (${flags}; ${matchReason(hit)})`);
    if (hit.excerpt) lines.push(`   ${hit.excerpt.replace(/\s+/g, " ")}`);
  }
  if (!result.confident) lines.push("(no confident match: these records may not answer this query)");
  return lines;
}

/** Why a hit matched, in words: its terms, its meaning, or both. */
export function matchReason(hit: SearchHit): string {
  const words = `words ${hit.relevance}`;
  const meaning = `meaning ${hit.similarity ?? "?"}`;
  if (hit.match === "meaning") return `by meaning, similarity ${hit.similarity ?? "?"}`;
  if (hit.match === "both") return `by ${words} and ${meaning}`;
  return `by words, relevance ${hit.relevance}`;
}

export function renderRecord(r: MemoryRecord): string[] {
  return [
    `${r.id}  ${r.title}`,
    `kind ${r.kind} · category ${r.category} · status ${r.status} · origin ${r.origin}${r.pinned ? " · pinned" : ""}`,
    ...(r.tags.length ? [`tags ${r.tags.join(", ")}`] : []),
    ...(r.links.length ? [`links ${r.links.join(", ")}`] : []),
    ...(r.aliases.length ? [`aliases ${r.aliases.join("; ")}`] : []),
    ...(r.expiresAt ? [`expires ${r.expiresAt}`] : []),
    `updated ${r.updatedAt}`,
    "",
    r.body,
  ];
}

export function renderRead(read: ReadOutcome): string[] {
  const chain = [...read.supersedes, read.record.id, ...read.supersededBy];
  return [
    ...renderRecord(read.record),
    "",
    ...(chain.length > 1
      ? [`supersession ${chain.map((id) => (id === read.record.id ? `[${id}]` : id)).join(" → ")}`]
      : []),
    ...(read.backlinks.length
      ? [`linked from ${read.backlinks.join(", ")}${read.backlinksTruncated ? " …" : ""}`]
      : []),
    ...(read.retention.eligibleForCleanup ? [`eligible for cleanup (${read.retention.reason})`] : []),
  ];
}

export function renderRecorded(out: RecordOutcome): string[] {
  return [
    `recorded ${out.record.id}${out.superseded ? ` (supersedes ${out.superseded})` : ""}`,
    ...out.redactions.map((r) => `redacted ${r.count} ${r.kind} in ${r.field}`),
    ...(out.removedExpired.length ? [`removed expired: ${out.removedExpired.join(", ")}`] : []),
  ];
}

export function renderPlan(plan: CleanupPlan): string[] {
  const lines = [
    `revision ${plan.revision} · ${kib(plan.usedBytes)} of ${kib(plan.limitBytes)} · ${plan.protectedCount} protected`,
  ];
  if (plan.obsolete.length === 0) lines.push("nothing is obsolete");
  for (const o of plan.obsolete)
    lines.push(`remove ${o.id} (${o.reason}${o.redirectTo ? `, links → ${o.redirectTo}` : ""})  ${o.title}`);
  for (const c of plan.candidates) lines.push(`consolidation candidate ${c.id} (${c.reason})  ${c.title}`);
  if (plan.proposal.removeIds.length > 0) lines.push(`confirmation token ${plan.token}`);
  return lines;
}

export function renderCleanup(out: CleanupOutcome): string[] {
  return [
    `removed ${out.removedIds.length}, created ${out.createdIds.length}, redirected ${out.redirectedIds.length}, freed ${out.freedBytes} bytes`,
  ];
}
