// The texts keel_context may read or search on the active branch: original tool outputs (trimmed or not) by
// entry id and spilled artifacts authorized by an entry that carries their record. Nothing off the branch,
// no assistant reasoning, no arbitrary entries.
import type { Result } from "../../core/result.ts";
import { messageOf, textOf } from "../../session/entries.ts";
import { type ArtifactRecord, artifactRecordOf } from "../artifacts/record.ts";
import type { BranchScan } from "./branch-scan.ts";
import { sourceLabel } from "./policy.ts";

export interface EntrySource {
  kind: "entry";
  ref: string;
  entryId: string;
  label: string;
  trimmed: boolean;
  text: string;
}

export interface ArtifactSource {
  kind: "artifact";
  ref: string;
  entryId: string;
  label: string;
  record: ArtifactRecord;
}

export type Source = EntrySource | ArtifactSource;

/** Loads an artifact's full text after checking size and hash; failures are reasons, never stale bytes. */
export type ArtifactLoader = (record: ArtifactRecord) => Promise<Result<string>>;

/** Tool outputs and artifacts on the branch: keel-trimmed outputs first, then artifacts, then the rest newest first. */
export function branchSources(scan: BranchScan): Source[] {
  const trimmed: Source[] = [];
  const artifacts: Source[] = [];
  const rest: Source[] = [];
  for (let i = scan.entries.length - 1; i >= 0; i--) {
    const entry = scan.entries[i]!;
    const message = messageOf(entry);
    if (message?.role !== "toolResult") continue;
    const toolName = typeof message.toolName === "string" ? message.toolName : "?";
    const call = typeof message.toolCallId === "string" ? scan.calls.get(message.toolCallId) : undefined;
    const label = sourceLabel(toolName, call?.args ?? {});
    const record = artifactRecordOf(message.details);
    if (record) {
      artifacts.push({ kind: "artifact", ref: `a:${record.sha256}`, entryId: entry.id, label, record });
      continue;
    }
    const edit = scan.edits.get(entry.id);
    const source: EntrySource = {
      kind: "entry",
      ref: `t:${entry.id}`,
      entryId: entry.id,
      label,
      trimmed: edit !== undefined && edit !== null,
      text: textOf(message.content),
    };
    (source.trimmed ? trimmed : rest).push(source);
  }
  return [...trimmed, ...artifacts, ...rest];
}

export function findSource(scan: BranchScan, ref: string): Source | undefined {
  return branchSources(scan).find((source) => source.ref === ref);
}
