// `keel lookup entries|grep|entry <session.jsonl> …`: the lookup tools (keel_entries, keel_grep, keel_entry) run
// offline on a session file: the branch of every unconnected part by default (pi's default branch when the file is
// whole), or the one --leaf names. The verbs' first names `list` and `show` still work, hidden from help.
import type { Command } from "commander";
import { ExitCode, UserError } from "../core/errors.ts";
import { counted } from "../core/plural.ts";
import type { Result } from "../core/result.ts";
import {
  buildTranscript,
  lookupEntries,
  lookupEntry,
  lookupGrep,
  type Transcript,
} from "../recall/lookup/index.ts";
import type { EntriesPage, EntryPage, GrepPage } from "../recall/lookup/types.ts";
import { type LoadedParts, loadSessionParts, partsNote } from "../session/load-branch.ts";
import type { CommandContext } from "./context.ts";
import { intOption } from "./parse.ts";
import { addVerb, type ContextFactory, type Register, setExitCode } from "./register.ts";

const LEAF_HELP = "only the branch ending at this entry (default: the last entry of each unconnected part)";

async function openTranscript(
  file: string,
  leaf: string | undefined,
  ctx: CommandContext,
): Promise<{ loaded: LoadedParts; transcript: Transcript }> {
  const result = await loadSessionParts(file, leaf);
  if (!result.ok) throw new UserError(result.reason, ExitCode.usage);
  for (const problem of result.value.problems) ctx.out.info(`keel: ${problem.message}`);
  const note = partsNote(result.value);
  if (note) ctx.out.info(`keel: ${note}`);
  return { loaded: result.value, transcript: buildTranscript(result.value.entries) };
}

function finish<T>(
  command: Command,
  ctx: CommandContext,
  loaded: LoadedParts,
  result: Result<T>,
  text: (value: T) => string[],
): void {
  if (!result.ok) throw new UserError(result.reason, ExitCode.usage);
  // A file in several parts says so in JSON too (the note on stderr is silent with --json).
  const parts =
    loaded.parts.length > 1
      ? { parts: loaded.parts, searchedLeaves: loaded.branches.map((b) => b.leafId) }
      : {};
  ctx.out.result({ ok: true, ...result.value, ...parts }, text(result.value));
  setExitCode(command, ExitCode.ok);
}

export const registerLookup: Register = (program, contextFor) => {
  const lookup = addVerb(program, "lookup");
  // Named as the tools are; the first names `list` and `show` stay as hidden commands so scripts keep working.
  const verbs: Array<[string, string | undefined, (verb: Command, contextFor: ContextFactory) => void]> = [
    ["entries", "list", entriesVerb],
    ["grep", undefined, grepVerb],
    ["entry", "show", entryVerb],
  ];
  for (const [name, oldName, define] of verbs) {
    define(lookup.command(name), contextFor);
    if (oldName) define(lookup.command(oldName, { hidden: true }), contextFor);
  }
};

function entriesVerb(verb: Command, contextFor: ContextFactory): void {
  verb
    .description("list entries with ids, roles, timestamps and previews (paged)")
    .argument("<session>", "pi session JSONL file")
    .option("--leaf <entryId>", LEAF_HELP)
    .option("--role <role>", "only entries with this role")
    .option("--limit <n>", "entries per page", intOption("--limit", { min: 1, max: 200 }))
    .option("--cursor <cursor>", "continue from a previous page")
    .action(
      async (
        file: string,
        options: { leaf?: string; role?: string; limit?: number; cursor?: string },
        command: Command,
      ) => {
        const ctx = contextFor(command);
        const { loaded, transcript } = await openTranscript(file, options.leaf, ctx);
        finish(command, ctx, loaded, lookupEntries(transcript, options), entriesText);
      },
    );
}

function grepVerb(verb: Command, contextFor: ContextFactory): void {
  verb
    .description("search the rendered branch for a regular expression (or --literal text), with context")
    .argument("<session>", "pi session JSONL file")
    .argument("<pattern>", "regular expression (RE2 syntax), case-insensitive unless --case-sensitive")
    .option("--leaf <entryId>", LEAF_HELP)
    .option("--literal", "match the pattern as plain text")
    .option("--case-sensitive", "match case exactly")
    .option("-B, --before <n>", "context lines before each match", intOption("--before", { min: 0, max: 50 }))
    .option("-A, --after <n>", "context lines after each match", intOption("--after", { min: 0, max: 50 }))
    .option("--max <n>", "matches per page", intOption("--max", { min: 1, max: 100 }))
    .option("--entry <entryId>", "search only this entry")
    .option("--cursor <cursor>", "continue from a previous page")
    .action(async (file: string, pattern: string, options: GrepOptions, command: Command) => {
      const ctx = contextFor(command);
      const { loaded, transcript } = await openTranscript(file, options.leaf, ctx);
      const result = await lookupGrep(transcript, {
        pattern,
        regex: !options.literal,
        caseSensitive: options.caseSensitive,
        before: options.before,
        after: options.after,
        maxMatches: options.max,
        entryId: options.entry,
        cursor: options.cursor,
      });
      finish(command, ctx, loaded, result, grepText);
    });
}

function entryVerb(verb: Command, contextFor: ContextFactory): void {
  verb
    .description("print one entry in full (paged by lines and characters)")
    .argument("<session>", "pi session JSONL file")
    .argument("<entryId>", "entry id")
    .option("--leaf <entryId>", LEAF_HELP)
    .option("--max-lines <n>", "lines per page", intOption("--max-lines", { min: 1, max: 2000 }))
    .option("--max-chars <n>", "characters per page", intOption("--max-chars", { min: 200, max: 100_000 }))
    .option("--cursor <cursor>", "continue from a previous page")
    .action(async (file: string, id: string, options: EntryOptions, command: Command) => {
      const ctx = contextFor(command);
      const { loaded, transcript } = await openTranscript(file, options.leaf, ctx);
      const result = lookupEntry(transcript, {
        id,
        cursor: options.cursor,
        maxLines: options.maxLines,
        maxChars: options.maxChars,
      });
      finish(command, ctx, loaded, result, entryText);
    });
}

interface GrepOptions {
  leaf?: string;
  literal?: boolean;
  caseSensitive?: boolean;
  before?: number;
  after?: number;
  max?: number;
  entry?: string;
  cursor?: string;
}

interface EntryOptions {
  leaf?: string;
  maxLines?: number;
  maxChars?: number;
  cursor?: string;
}

const nextLine = (cursor: string | null) => (cursor ? [`(more: --cursor ${cursor})`] : []);

function entriesText(page: EntriesPage): string[] {
  const rows = page.entries.map(
    (e) =>
      `${e.id}  ${e.role}${e.detail ? ` (${e.detail})` : ""}  ${e.timestamp}  ${e.chars} chars  ${e.preview}`,
  );
  return [
    ...rows,
    `${page.entries.length} of ${counted(page.total, "entry", "entries")} shown`,
    ...nextLine(page.nextCursor),
  ];
}

function grepText(page: GrepPage): string[] {
  const out: string[] = [];
  for (const match of page.matches) {
    out.push(`== ENTRY ${match.entryId}  ${match.role}  ${match.timestamp}  line ${match.lineInEntry}`);
    for (const line of match.before) out.push(`   ${line}`);
    out.push(`>  ${match.text}`);
    for (const line of match.after) out.push(`   ${line}`);
  }
  if (page.matches.length === 0) out.push("no matches");
  if (page.note) out.push(page.note);
  return [...out, ...nextLine(page.nextCursor)];
}

function entryText(page: EntryPage): string[] {
  return [page.text, ...nextLine(page.nextCursor)];
}
