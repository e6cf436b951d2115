// Selects startup reads to keep verbatim in checkpoints: successful text-only `read` results between the
// first and second user messages whose path or bare name appears literally in AGENTS/CLAUDE instructions
// (files pi supplied, or such files read in that interval). A lexical heuristic; no files are opened.
import { isAbsolute, relative, sep } from "node:path";
import { type BranchEntry, isTextOnly, messageOf, textOf, toolCallsOf } from "../../session/entries.ts";
import { type BranchIndex, pairedResult } from "./branch-index.ts";
import { baseName, dirNameOfResolved, resolveFrom } from "./fast-path.ts";
import { displayPath, isNameCode } from "./signature.ts";
import type { ContextFile, StartupRead, StartupSelection } from "./types.ts";

const INSTRUCTION_FILE = /^(AGENTS|CLAUDE)(\.override)?\.md$/i;

interface Instruction {
  dir: string;
  text: string;
}

/** First and second user-message positions on the branch (-1 when absent). */
function userBounds(branch: readonly BranchEntry[]): [number, number] {
  let first = -1;
  for (let i = 0; i < branch.length; i++) {
    const entry = branch[i]!;
    if (entry.type !== "message" || messageOf(entry)?.role !== "user") continue;
    if (first === -1) first = i;
    else return [first, i];
  }
  return [first, -1];
}

/** Extends `previous` (unless closed) with the reads that qualify on this branch. */
export function selectStartupReads(
  branch: readonly BranchEntry[],
  index: BranchIndex,
  cwd: string,
  contextFiles: readonly ContextFile[],
  previous?: StartupSelection,
): StartupSelection {
  if (previous?.closed) return previous;
  const [first, second] = userBounds(branch);
  const closed = second !== -1;
  if (first === -1) return { closed, reads: previous?.reads ?? [] };
  const end = closed ? second : branch.length;
  const candidates = collectReads(branch, index, first + 1, end);
  const instructions: Instruction[] = contextFiles.map((file) => ({
    dir: dirNameOfResolved(resolveFrom(cwd, file.path)),
    text: file.content,
  }));
  for (const read of candidates) {
    if (INSTRUCTION_FILE.test(baseName(read.rawPath))) {
      instructions.push({ dir: dirNameOfResolved(resolveFrom(cwd, read.rawPath)), text: read.text });
    }
  }
  const reads = [...(previous?.reads ?? [])];
  const known = new Set(reads.map((read) => read.resultEntryId));
  for (const read of candidates) {
    if (known.has(read.selection.resultEntryId)) continue;
    const paths = pathsOf(read.rawPath, cwd);
    if (!instructions.some((instruction) => mentions(instruction, paths))) continue;
    reads.push(read.selection);
    known.add(read.selection.resultEntryId);
  }
  return { closed, reads };
}

interface CandidateRead {
  rawPath: string;
  text: string;
  selection: StartupRead;
}

function collectReads(
  branch: readonly BranchEntry[],
  index: BranchIndex,
  from: number,
  to: number,
): CandidateRead[] {
  const reads: CandidateRead[] = [];
  for (let i = from; i < to; i++) {
    const entry = branch[i]!;
    for (const call of toolCallsOf(messageOf(entry))) {
      if (call.name !== "read" || typeof call.args.path !== "string") continue;
      const result = pairedResult(index, call.id);
      if (!result || result.isError || result.index >= to || !isTextOnly(result.message.content)) continue;
      if (index.edits.has(result.entryId)) continue;
      const { offset, limit } = call.args;
      const selection: StartupRead = {
        resultEntryId: result.entryId,
        callEntryId: entry.id,
        callId: call.id,
        path: call.args.path,
      };
      if (typeof offset === "number") selection.offset = offset;
      if (typeof limit === "number") selection.limit = limit;
      reads.push({ rawPath: call.args.path, text: textOf(result.message.content), selection });
    }
  }
  return reads;
}

/** A candidate's path forms that do not depend on the instruction, worked out once. */
interface CandidatePaths {
  absolute: string;
  base: string;
  /** Absolute, cwd-relative and bare name (non-empty, never `.`). */
  forms: string[];
}

function pathsOf(rawPath: string, cwd: string): CandidatePaths {
  const absolute = resolveFrom(cwd, rawPath);
  const base = baseName(absolute);
  const forms: string[] = [];
  for (const form of [absolute, displayPath(absolute, cwd), base])
    if (form !== "" && form !== "." && !forms.includes(form)) forms.push(form);
  return { absolute, base, forms };
}

/** Whether the instruction names the file: absolute, cwd-relative, instruction-relative, or bare name, as a whole token. */
function mentions(instruction: Instruction, paths: CandidatePaths): boolean {
  for (const form of paths.forms) if (containsToken(instruction.text, form)) return true;
  // Relative to the instruction's folder the path ends with its bare name, unless it is that folder or an
  // ancestor of it; so (on posix, where relative() compares case-sensitively) a text without the name cannot
  // mention it.
  if (sep === "/" && !instruction.text.includes(paths.base) && !instruction.dir.startsWith(paths.absolute))
    return false;
  const fromInstruction = relative(instruction.dir, paths.absolute);
  return (
    fromInstruction !== "" &&
    fromInstruction !== "." &&
    !isAbsolute(fromInstruction) &&
    containsToken(instruction.text, fromInstruction)
  );
}

function containsToken(text: string, token: string): boolean {
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + 1)) {
    const before = codeAt(text, at - 1);
    const after = codeAt(text, at + token.length);
    const cleanBefore =
      before === NONE ||
      (!isNameCode(before) && before !== DOT && (before !== SLASH || codeAt(text, at - 2) === DOT));
    const cleanAfter =
      after === NONE ||
      (!isNameCode(after) &&
        after !== SLASH &&
        !(after === DOT && isNameCode(codeAt(text, at + token.length + 1))));
    if (cleanBefore && cleanAfter) return true;
  }
  return false;
}

const NONE = -1;
const DOT = 46;
const SLASH = 47;
const codeAt = (text: string, at: number) => (at >= 0 && at < text.length ? text.charCodeAt(at) : NONE);
