// The raw branch rendered in memory as numbered transcript lines, with an authoritative index of which line
// range belongs to which entry. Lookups attribute lines through this index only, so header-like text inside
// tool output ("ENTRY abc user …") can never pass itself off as another entry.
import { boundedJson } from "../../core/bounded-json.ts";
import { type BranchEntry, messageOf, toolCallsOf } from "../../session/entries.ts";
import { entryDetail, entryRole, renderEntryLines } from "../../session/render-text.ts";

export interface TranscriptEntry {
  id: string;
  role: string;
  detail: string;
  timestamp: string;
  /** First transcript line (0-based), the ENTRY header. */
  start: number;
  /** One past the last line. */
  end: number;
  chars: number;
  /** The entry's tool calls on one line (`read {"path":"a.ts"}; bash {…}`), for previews; "" when none. */
  calls: string;
}

export interface Transcript {
  lines: string[];
  entries: TranscriptEntry[];
  positionOf: Map<string, number>;
}

export function buildTranscript(branch: readonly BranchEntry[]): Transcript {
  const lines: string[] = [];
  const entries: TranscriptEntry[] = [];
  const positionOf = new Map<string, number>();
  for (const entry of branch) {
    const rendered = renderEntryLines(entry);
    const start = lines.length;
    let chars = 0;
    for (const line of rendered) {
      lines.push(line);
      chars += line.length + 1;
    }
    positionOf.set(entry.id, entries.length);
    entries.push({
      id: entry.id,
      role: entryRole(entry),
      detail: entryDetail(entry),
      timestamp: String(entry.timestamp ?? ""),
      start,
      end: lines.length,
      chars,
      calls: toolCallsOf(messageOf(entry))
        .map((call) => `${call.name} ${boundedJson(call.args, { maxChars: 4096 }) ?? ""}`)
        .join("; "),
    });
  }
  return { lines, entries, positionOf };
}

/** The entry owning transcript line `line` (binary search over the index). */
export function entryAtLine(transcript: Transcript, line: number): TranscriptEntry | undefined {
  const { entries } = transcript;
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const entry = entries[mid]!;
    if (line < entry.start) high = mid - 1;
    else if (line >= entry.end) low = mid + 1;
    else return entry;
  }
  return undefined;
}

/** Cuts one line for a bounded result, saying how much was left out. */
export function clipLine(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[+${text.length - max} chars]`;
}
