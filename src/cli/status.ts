// `keel status`: this project's identity, keel's store and the compactions keel recorded for it.
import type { Command } from "commander";
import { resolveProjectIdentity } from "../memory/project-identity.ts";
import { collectStatus, renderStatusLines } from "../overview/status.ts";
import { openStore } from "../store/open.ts";
import { parseCount } from "./parse.ts";
import type { Register } from "./register.ts";

export const registerStatus: Register = (program, contextFor) => {
  program
    .command("status")
    .description("show this project's identity, keel's store and recent compactions")
    .option("-n, --limit <count>", "how many recent compactions to show", "5")
    .action(async (options: { limit: string }, command: Command) => {
      const ctx = contextFor(command);
      const limit = parseCount(command, "--limit", options.limit);
      const identity = resolveProjectIdentity({ cwd: ctx.cwd, configuredRoot: ctx.flags.projectRoot });
      const store = await openStore(ctx.paths.storeUrl);
      try {
        const status = await collectStatus(store, identity, limit);
        ctx.out.result(status, renderStatusLines(status));
      } finally {
        await store.close();
      }
    });
};
