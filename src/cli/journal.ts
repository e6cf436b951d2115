// `keel note <type> <text>` journals an owner entry (trusted); `keel journal` lists entries, agent ones marked.
import type { Command } from "commander";
import { oneLine } from "../guard/text.ts";
import { addJournalEntry, type JournalRow, listJournal } from "../store/guard-journal.ts";
import { intOption, LIST_LIMIT } from "./parse.ts";
import { withProjectStore } from "./project-store.ts";
import type { Register } from "./register.ts";

export const JOURNAL_TYPES = ["decision", "correction", "note", "lesson"] as const;
export const JOURNAL_TEXT_MAX = 500;

function parseType(command: Command, value: string | undefined): JournalRow["type"] | undefined {
  if (value === undefined) return undefined;
  if ((JOURNAL_TYPES as readonly string[]).includes(value)) return value as JournalRow["type"];
  command.error(`type must be one of ${JOURNAL_TYPES.join(", ")}, got "${value}"`, { exitCode: 2 });
}

export function describeJournal(row: JournalRow): string {
  const who = row.author === "agent" ? " (agent, unverified)" : "";
  return `#${row.number} ${row.type}${who}: ${row.text}`;
}

export const registerJournal: Register = (program, contextFor) => {
  program
    .command("note")
    .description(`journal a ${JOURNAL_TYPES.join(" | ")} as the owner (trusted)`)
    .argument("<type>", JOURNAL_TYPES.join(" | "))
    .argument("<text...>", "what was decided, corrected or learned")
    .option("--tags <tags>", "comma-separated tags")
    .action(async (type: string, words: string[], options: { tags?: string }, command: Command) => {
      const ctx = contextFor(command);
      const kind = parseType(command, type) as JournalRow["type"];
      const text = oneLine(words.join(" "), JOURNAL_TEXT_MAX);
      if (text === "") command.error("the note is empty", { exitCode: 2 });
      const tags = (options.tags ?? "")
        .split(",")
        .map((t) => oneLine(t, 40).toLowerCase())
        .filter(Boolean);
      await withProjectStore(ctx, async ({ store, project }) => {
        const row = await addJournalEntry(store.db, {
          projectId: project.id,
          sessionId: null,
          type: kind,
          text,
          tags: JSON.stringify(tags),
          author: "owner",
          createdAt: ctx.clock.now(),
        });
        ctx.out.result({ entry: row }, `journaled ${describeJournal(row)}`);
      });
    });

  program
    .command("journal")
    .description("list journal entries, newest first")
    .option("--type <type>", JOURNAL_TYPES.join(" | "))
    .option("-n, --limit <count>", "how many entries", intOption("--limit", LIST_LIMIT), 10)
    .action(async (options: { type?: string; limit: number }, command: Command) => {
      const ctx = contextFor(command);
      const type = parseType(command, options.type);
      const limit = options.limit;
      await withProjectStore(ctx, async ({ store, project }) => {
        const rows = await listJournal(store.db, project.id, { type, limit });
        ctx.out.result({ entries: rows }, rows.length ? rows.map(describeJournal) : ["the journal is empty"]);
      });
    });
};
