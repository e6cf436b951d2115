// `keel status`: this project's identity, keel's store and the compactions keel recorded for it.
import type { Command } from "commander";
import { collectStatus, renderStatusLines } from "../overview/status.ts";
import { withStoreReadOnly } from "../project/open.ts";
import { intOption, LIST_LIMIT } from "./parse.ts";
import { locationOf } from "./project-store.ts";
import type { Register } from "./register.ts";

export const registerStatus: Register = (program, contextFor) => {
  program
    .command("status")
    .description("show this project's identity, keel's store and recent compactions")
    .option("-n, --limit <count>", "how many recent compactions to show", intOption("--limit", LIST_LIMIT), 5)
    .action(async (options: { limit: number }, command: Command) => {
      const ctx = contextFor(command);
      await withStoreReadOnly(locationOf(ctx), async (store, identity) => {
        const status = await collectStatus(store, identity, options.limit);
        ctx.out.result(status, renderStatusLines(status));
      });
    });
};
