// `keel memory …`: status, search, read, record, supersede, retention, cleanup plan|apply and policy for the
// project of the current folder. Parses flags and prints; the work is in src/memory/. A person at the CLI is the
// approval that ask-mode cleanup and unpinning need.
import { type Command, Option } from "commander";
import { readUserInput } from "../core/bounded-read.ts";
import { UserError } from "../core/errors.ts";
import { shortForTerminal } from "../core/terminal-text.ts";
import type { ActionData, MemoryAction, MemoryToolParams } from "../memory/actions.ts";
import {
  CLEANUP_MODES,
  type CleanupMode,
  MEMORY_CATEGORIES,
  MEMORY_LIMITS,
  type RecordInput,
} from "../memory/model.ts";
import { setPolicy } from "../memory/policy.ts";
import * as render from "../memory/render.ts";
import {
  type MemoryParams,
  type MemoryScope,
  printMemorySearch,
  SEARCH_LIMIT_DEFAULT,
  type SearchOptions,
  withMemory,
} from "./memory-scope.ts";
import { BYTES, collect, intOption } from "./parse.ts";
import { addVerb, type Register } from "./register.ts";

type Proposal = NonNullable<MemoryToolParams["proposal"]>;

const expiryFlag = (text: string | undefined) =>
  text === undefined ? undefined : text === "never" ? null : text;

export const registerMemory: Register = (program, contextFor) => {
  const memory = addVerb(program, "memory").addHelpText(
    "after",
    "\nTeam store: KEEL_DB=libsql://<host>/…?authToken=<token> (or https://…) makes every verb read and write a\n" +
      "shared libSQL server through the same code; records stay partitioned by project id.",
  );
  const run = (command: Command, body: (scope: MemoryScope) => Promise<void>) =>
    withMemory(contextFor(command), body);
  const show: Show = (command, params, text) =>
    run(command, async ({ ctx, call }) => {
      const data = await call(params);
      ctx.out.result(data, text(data));
    });

  memory
    .command("status")
    .description("records, size against the quota, cleanup mode")
    .action((_o, command: Command) => show(command, { action: "status" }, render.renderMemoryStatus));

  memory
    .command("search")
    .description("ranked search over current records, by words and by meaning")
    .argument("<query...>", "the question or words to look for")
    .option(
      "--or <phrasing>",
      "another phrasing of the same question (repeatable; results are fused)",
      collect,
    )
    .option("-k, --kind <kind>", "only this kind (repeatable)", collect)
    .option("--superseded", "also show replaced records, after current ones")
    .option("--derived", "search facts indexed from compactions instead of recorded memory")
    .option(
      "-n, --limit <count>",
      "how many results",
      intOption("--limit", { min: 1, max: MEMORY_LIMITS.searchLimitMax }),
      SEARCH_LIMIT_DEFAULT,
    )
    .action((words: string[], o: SearchOptions, command: Command) =>
      printMemorySearch(contextFor(command), words, o),
    );

  memory
    .command("read")
    .description("one record with its links, backlinks and supersession chain")
    .argument("<id>")
    .action((id: string, _o, command: Command) => show(command, { action: "read", id }, render.renderRead));

  registerRecord(memory, show);

  memory
    .command("supersede")
    .description("mark <oldId> as replaced by <newId>")
    .argument("<oldId>")
    .argument("<newId>")
    .action((oldId: string, newId: string, _o, command: Command) =>
      show(command, { action: "supersede", oldId, newId }, () => `${oldId} is superseded by ${newId}`),
    );

  memory
    .command("retention")
    .description("pin, unpin or change the expiry of a record")
    .argument("<id>")
    .option("--pin", "protect the record (and what it links to) from cleanup")
    .option("--unpin", "remove the protection")
    .option("--expires <time>", "ISO time, or 'never'")
    .action((id: string, o: { pin?: boolean; unpin?: boolean; expires?: string }, command: Command) => {
      if (o.pin && o.unpin) throw new UserError("--pin and --unpin exclude each other");
      const retention = {
        pinned: o.pin ? true : o.unpin ? false : undefined,
        expiresAt: expiryFlag(o.expires),
      };
      return show(
        command,
        { action: "retention", id, retention },
        (done) => `${id}: ${done.pinned ? "pinned" : "not pinned"}, expires ${done.expiresAt ?? "never"}`,
      );
    });

  registerCleanup(memory, run, show);

  memory
    .command("policy")
    .description("show or set this project's memory quota and cleanup mode")
    .option(
      "--max-bytes <bytes>",
      "quota for recorded memory",
      intOption("--max-bytes", { min: 1, max: BYTES.max }),
    )
    .addOption(
      new Option(
        "--cleanup-mode <mode>",
        "auto (expired records go unasked) or ask (every cleanup needs a token)",
      ).choices(CLEANUP_MODES),
    )
    .action((o: { maxBytes?: number; cleanupMode?: string }, command: Command) =>
      run(command, async ({ deps, projectId, ctx }) => {
        const policy = await setPolicy(deps.db, projectId, {
          maxBytes: o.maxBytes,
          cleanupMode: o.cleanupMode as CleanupMode | undefined,
        });
        ctx.out.result(policy, `quota ${policy.maxBytes} bytes, cleanup ${policy.cleanupMode}`);
      }),
    );
};

type Runner = (command: Command, body: (scope: MemoryScope) => Promise<void>) => Promise<void>;
/** Runs one keel_memory action as the owner and prints its data, as text through `text` (JSON with --json). */
type Show = <A extends MemoryAction>(
  command: Command,
  params: MemoryParams<A>,
  text: (data: ActionData[A]) => string | string[],
) => Promise<void>;

interface RecordFlags {
  title: string;
  body?: string;
  bodyFile?: string;
  kind: string;
  category: string;
  tag?: string[];
  link?: string[];
  pin?: boolean;
  expires?: string;
  sourceRef?: string[];
  supersedes?: string;
  alias?: string[];
}

function registerRecord(memory: Command, show: Show): void {
  memory
    .command("record")
    .description("store a new record (as written by you, the owner)")
    .requiredOption("--title <title>", "one line, at most 200 characters")
    .option("--body <text>", "the record's text")
    .option("--body-file <path>", "read the text from a file ('-' for stdin)")
    .requiredOption(
      "-k, --kind <kind>",
      "context, decision, fact, handoff, lesson, note, preference or runbook",
    )
    .addOption(
      new Option("-c, --category <category>", "the record's category")
        .choices(MEMORY_CATEGORIES)
        .default("other"),
    )
    .option("-t, --tag <tag>", "a tag (repeatable)", collect)
    .option("--link <id>", "a record this one refers to (repeatable)", collect)
    .option("--pin", "protect from cleanup")
    .option("--expires <time>", "ISO time, or 'never'")
    .option("--source-ref <ref>", "where this came from: a path, URL or commit (repeatable)", collect)
    .option("--supersedes <id>", "an active record this one replaces")
    .option("--alias <words>", "other words someone might search for this by (repeatable)", collect)
    .action(async (o: RecordFlags, command: Command) => {
      if (o.body !== undefined && o.bodyFile !== undefined)
        throw new UserError("give --body or --body-file, not both");
      const body =
        o.bodyFile !== undefined
          ? await readUserInput(o.bodyFile, MEMORY_LIMITS.bodyBytes, "body file")
          : (o.body ?? "");
      const record: RecordInput = {
        title: o.title,
        body,
        kind: o.kind as RecordInput["kind"],
        category: o.category as RecordInput["category"],
        tags: o.tag,
        links: o.link,
        pinned: Boolean(o.pin),
        expiresAt: expiryFlag(o.expires),
        sourceRefs: o.sourceRef,
        aliases: o.alias,
        supersedes: o.supersedes,
      };
      await show(command, { action: "record", record }, render.renderRecorded);
    });
}

function registerCleanup(memory: Command, run: Runner, show: Show): void {
  const cleanup = memory
    .command("cleanup")
    .description("remove expired or superseded records, consolidate others");
  cleanup
    .command("plan")
    .description("list what a cleanup would remove, with the confirmation token")
    .option(
      "--free <bytes>",
      "also suggest consolidation candidates to free this much",
      intOption("--free", BYTES),
      0,
    )
    .action((o: { free: number }, command: Command) =>
      show(command, { action: "cleanup_plan", requestedFreeBytes: o.free }, render.renderPlan),
    );
  cleanup
    .command("apply")
    .description("apply the current plan (or a proposal file) confirmed by the plan's token")
    .requiredOption("--token <token>", "the confirmation token `cleanup plan` printed")
    .option(
      "--proposal <file>",
      "a JSON proposal {revision, removeIds, consolidations} instead of the plan's",
    )
    .action((o: { token: string; proposal?: string }, command: Command) =>
      run(command, async ({ ctx, call }) => {
        const proposal = o.proposal
          ? await readProposal(o.proposal)
          : (await call({ action: "cleanup_plan" })).proposal;
        const out = await call({ action: "cleanup_apply", proposal }, { confirmation: o.token });
        ctx.out.result(out, render.renderCleanup(out));
      }),
    );
}

/** A proposal is a few ids per record; 4 MB covers any real plan. */
const PROPOSAL_MAX_BYTES = 4 * 1024 * 1024;

/** The proposal file as JSON (consolidations may be left out); its shape is checked as the action's input. */
async function readProposal(path: string): Promise<Proposal> {
  const text = await readUserInput(path, PROPOSAL_MAX_BYTES, "proposal file");
  try {
    return { consolidations: [], ...JSON.parse(text) };
  } catch {
    const hint = "write it with keel memory cleanup plan --json";
    throw new UserError(`${shortForTerminal(path, 120)} is not a cleanup proposal: it is not JSON`, 2, hint);
  }
}
