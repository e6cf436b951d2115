// `keel status`: this project's identity, keel's store and the compactions keel recorded for it. The plain form
// (`keel status [--json]`) is run by program.ts without commander through printStatus.
import type { Command } from "commander";
import { collectStatus, renderStatusLines } from "../overview/status.ts";
import { withStoreReadOnly } from "../project/open.ts";
import type { CommandContext } from "./context.ts";
import { intOption, LIST_LIMIT } from "./parse.ts";
import { locationOf } from "./project-store.ts";
import { addVerb, type Register } from "./register.ts";

/** How many recent compactions `keel status` shows without --limit. */
export const STATUS_LIMIT_DEFAULT = 5;

export const registerStatus: Register = (program, contextFor) => {
  addVerb(program, "status")
    .option(
      "-n, --limit <count>",
      "how many recent compactions to show",
      intOption("--limit", LIST_LIMIT),
      STATUS_LIMIT_DEFAULT,
    )
    .action((options: { limit: number }, command: Command) =>
      printStatus(contextFor(command), options.limit),
    );
};

/** Prints this project's status with the `limit` most recent compactions; nothing is written. */
export function printStatus(ctx: CommandContext, limit: number): Promise<void> {
  return withStoreReadOnly(locationOf(ctx), async (store, identity) => {
    const status = await collectStatus(store, identity, limit);
    ctx.out.result(status, renderStatusLines(status));
  });
}
