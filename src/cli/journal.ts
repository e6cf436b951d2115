// `keel note <type> <text>` journals an owner entry (trusted); `keel journal` lists entries, agent ones marked.
// Validation and storage are the journal service's (src/guard/journal.ts); this file parses and prints.
import type { Command } from "commander";
import { Option } from "commander";
import { UserError } from "../core/errors.ts";
import {
  describeJournalEntry,
  JOURNAL_TYPES,
  type JournalRow,
  type JournalType,
  splitTags,
  writeJournal,
} from "../guard/journal.ts";
import { LIST_PAGE } from "../guard/tool-schemas.ts";
import { storeDeps } from "../project/context.ts";
import { intOption } from "./parse.ts";
import { runOwnerTool, withProjectStore } from "./project-store.ts";
import { addVerb, type Register } from "./register.ts";

export const registerJournal: Register = (program, contextFor) => {
  addVerb(program, "note")
    .argument("<type>", JOURNAL_TYPES.join(" | "))
    .argument("<text...>", "what was decided, corrected or learned")
    .option("--tags <tags>", "comma-separated tags")
    .action(async (type: string, words: string[], options: { tags?: string }, command: Command) => {
      const ctx = contextFor(command);
      await withProjectStore(ctx, async (owner) => {
        const written = await writeJournal(storeDeps(owner), {
          projectId: owner.project.id,
          sessionId: null,
          origin: "owner",
          type,
          text: words.join(" "),
          tags: splitTags(options.tags),
        });
        if (!written.ok) throw new UserError(written.reason);
        ctx.out.result({ entry: written.value }, `journaled ${describeJournalEntry(written.value)}`);
      });
    });

  addVerb(program, "journal")
    .addOption(new Option("--type <type>", "only entries of this type").choices(JOURNAL_TYPES))
    .option("-n, --limit <count>", "how many entries", intOption("--limit", LIST_PAGE), 10)
    .action(async (options: { type?: JournalType; limit: number }, command: Command) => {
      const ctx = contextFor(command);
      await withProjectStore(ctx, async (owner) => {
        const { journal: rows } = await runOwnerTool<{ journal: JournalRow[] }>(
          owner,
          "keel_journal",
          options,
        );
        ctx.out.result(
          { entries: rows },
          rows.length ? rows.map(describeJournalEntry) : ["the journal is empty"],
        );
      });
    });
};
