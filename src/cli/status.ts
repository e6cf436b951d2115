// `keel status`: this project's identity, keel's store and the compactions keel recorded for it.
import type { Command } from "commander";
import { resolveProjectIdentity } from "../memory/project-identity.ts";
import { collectStatus, renderStatusLines } from "../overview/status.ts";
import { openStore } from "../store/open.ts";
import { intOption, LIST_LIMIT } from "./parse.ts";
import type { Register } from "./register.ts";

export const registerStatus: Register = (program, contextFor) => {
  program
    .command("status")
    .description("show this project's identity, keel's store and recent compactions")
    .option("-n, --limit <count>", "how many recent compactions to show", intOption("--limit", LIST_LIMIT), 5)
    .action(async (options: { limit: number }, command: Command) => {
      const ctx = contextFor(command);
      const identity = resolveProjectIdentity({ cwd: ctx.cwd, configuredRoot: ctx.flags.projectRoot });
      const store = await openStore(ctx.paths.storeUrl);
      try {
        const status = await collectStatus(store, identity, options.limit);
        ctx.out.result(status, renderStatusLines(status));
      } finally {
        await store.close();
      }
    });
};
