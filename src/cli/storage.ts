// `keel storage`: the read-only inventory of spilled tool-output artifacts, per session that wrote them, with
// bytes and each file's check. It deletes nothing.
import type { Command } from "commander";
import { ExitCode } from "../core/errors.ts";
import { artifactInventory, renderInventory } from "../recall/artifacts/inventory.ts";
import { sessionDirsFor } from "../session/session-files.ts";
import { collect } from "./parse.ts";
import { addVerb, type Register, setExitCode } from "./register.ts";

export const registerStorage: Register = (program, contextFor) => {
  addVerb(program, "storage")
    .option(
      "--session-dir <dir>",
      "another folder of pi session files to look for their sessions (repeatable)",
      collect,
    )
    .action(async (options: { sessionDir?: string[] }, command: Command) => {
      const ctx = contextFor(command);
      const dirs = sessionDirsFor(ctx.paths.agentDir, options.sessionDir ?? []);
      const inventory = await artifactInventory(ctx.paths.artifactsDir, dirs);
      ctx.out.result({ ok: true, ...inventory }, renderInventory(inventory));
      const failed = inventory.origins.some((o) => o.files.some((f) => f.status !== "ok"));
      setExitCode(command, failed ? ExitCode.checkFailed : ExitCode.ok);
    });
};
