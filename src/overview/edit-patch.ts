// An edit tool call as a unified diff: the patch pi recorded with the result (real line numbers) when there is
// one, else a patch worked out from the call's own old and new texts. Lines carry their kind (added, removed,
// context, hunk header) so the page can mark them; the +/- prefix stays in the text, so colour is never the only
// sign. Bounded in lines and characters. Pure.
import { structuredPatch } from "diff";
import { asRecord } from "../session/entries.ts";

export type PatchLineKind = "add" | "del" | "context" | "hunk" | "meta";

export interface PatchLine {
  kind: PatchLineKind;
  text: string;
}

export interface EditPatch {
  path: string;
  /** "pi" when the patch is the one pi recorded with the result, "arguments" when worked out from the call. */
  source: "pi" | "arguments";
  lines: PatchLine[];
  added: number;
  removed: number;
  /** Lines left out past the bound. */
  omittedLines: number;
}

const MAX_LINES = 400;
const MAX_LINE_CHARS = 400;
const MAX_INPUT_CHARS = 200_000;

/** The diff of an `edit` call, or null for any other call (or an edit whose texts cannot be read). */
export function readEditPatch(
  call: { name: string; args: Record<string, unknown> },
  resultDetails: unknown,
): EditPatch | null {
  if (call.name !== "edit") return null;
  const path = typeof call.args.path === "string" ? call.args.path : "";
  const recorded = asRecord(resultDetails)?.patch;
  if (typeof recorded === "string" && recorded.length > 0 && recorded.length <= MAX_INPUT_CHARS)
    return patchOf(path, "pi", recorded.split("\n"));
  const edits = editsOf(call.args);
  if (edits.length === 0) return null;
  const lines: string[] = [];
  for (const edit of edits) {
    const hunks = structuredPatch(path, path, edit.oldText, edit.newText, undefined, undefined, {
      context: 3,
    }).hunks;
    for (const h of hunks) {
      lines.push(`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`);
      lines.push(...h.lines);
    }
  }
  return patchOf(path, "arguments", lines);
}

/** The replacements of an edit call: pi's `edits` array, or the older single oldText/newText pair. */
function editsOf(args: Record<string, unknown>): { oldText: string; newText: string }[] {
  const pairs: unknown[] = Array.isArray(args.edits) ? args.edits : [args];
  const edits: { oldText: string; newText: string }[] = [];
  let size = 0;
  for (const pair of pairs) {
    const r = asRecord(pair);
    if (typeof r?.oldText !== "string" || typeof r.newText !== "string") continue;
    size += r.oldText.length + r.newText.length;
    if (size > MAX_INPUT_CHARS) break;
    edits.push({ oldText: r.oldText, newText: r.newText });
  }
  return edits;
}

function kindOf(line: string): PatchLineKind {
  if (line.startsWith("@@")) return "hunk";
  if (line.startsWith("+++") || line.startsWith("---") || line.startsWith("Index:") || line.startsWith("==="))
    return "meta";
  if (line.startsWith("+")) return "add";
  if (line.startsWith("-")) return "del";
  return "context";
}

function patchOf(path: string, source: EditPatch["source"], raw: string[]): EditPatch {
  const all = raw.at(-1) === "" ? raw.slice(0, -1) : raw;
  const lines: PatchLine[] = [];
  let added = 0;
  let removed = 0;
  for (const text of all) {
    const kind = kindOf(text);
    if (kind === "add") added++;
    if (kind === "del") removed++;
    if (kind === "meta" || lines.length >= MAX_LINES) continue;
    lines.push({ kind, text: text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text });
  }
  const shown = all.filter((t) => kindOf(t) !== "meta").length;
  return { path, source, lines, added, removed, omittedLines: Math.max(0, shown - lines.length) };
}
