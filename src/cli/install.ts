// `keel install` and `keel uninstall`: write the extension package to keel's home and (un)register it with pi;
// install reads pi's settings afterwards and fails when pi did not actually list the package.
import type { Command } from "commander";
import { UserError } from "../core/errors.ts";
import { writeExtensionPackage } from "../install/extension-package.ts";
import { piInstall, piRemove } from "../install/pi-cli.ts";
import { findRegistration, projectSettingsPath } from "../install/pi-settings.ts";
import { checkNode, checkPi } from "../install/toolchain.ts";
import type { CommandContext } from "./context.ts";
import { addVerb, type Register } from "./register.ts";

/** install and uninstall: each with --global for pi's user settings. */
export const registerInstall: Register = (program, contextFor) => {
  const verbs = [
    [install, "install", "register in pi's user settings instead of this project's .pi/settings.json"],
    [uninstall, "uninstall", "remove from pi's user settings"],
  ] as const;
  for (const [run, name, global] of verbs)
    addVerb(program, name)
      .option("-g, --global", global)
      .action((o: { global?: boolean }, command: Command) => run(contextFor(command), Boolean(o.global)));
};

function requireToolchain(ctx: CommandContext): { node: string; pi: string } {
  const node = checkNode(ctx.flags.nodeBin);
  if (!node.ok) throw new UserError(node.reason);
  const pi = checkPi(ctx.flags.piBin);
  if (!pi.ok) throw new UserError(pi.reason);
  return { node: node.value.version, pi: pi.value.version };
}

function install(ctx: CommandContext, global: boolean): void {
  const versions = requireToolchain(ctx);
  ctx.out.info(`writing the extension to ${ctx.paths.extensionDir}`);
  const written = writeExtensionPackage(ctx.paths.extensionDir);
  const scope = global ? "user" : "project";
  ctx.out.info(`registering it with pi (${scope} settings)`);
  const registered = piInstall({ piBin: ctx.flags.piBin, cwd: ctx.cwd, global, dir: written.dir });
  if (!registered.ok) throw new UserError(registered.reason);
  const found = findRegistration(ctx.cwd, ctx.paths.agentDir, written.dir);
  if (!(global ? found.global : found.project)) {
    throw new UserError(
      `pi reported success but did not register the extension: ${written.dir} is not in ${global ? found.globalSettings : found.projectSettings}`,
      2,
      "run `pi list` to see what pi registered, then `keel install` again; `keel doctor` checks it",
    );
  }
  ctx.out.result(
    { ok: true, scope, extensionDir: written.dir, bundleSha256: written.bundleSha256, ...versions },
    [
      `keel's pi extension is installed (${scope} scope) from ${written.dir}`,
      `pi ${versions.pi} on Node ${versions.node}; start pi in this project and type /keel`,
      ...(global
        ? []
        : [
            `pi recorded it in ${projectSettingsPath(ctx.cwd)} (pi's project settings): commit it to give your team keel too, or leave it untracked; keel diff leaves it out`,
          ]),
    ],
  );
}

function uninstall(ctx: CommandContext, global: boolean): void {
  requireToolchain(ctx);
  const scope = global ? "user" : "project";
  const removed = piRemove({ piBin: ctx.flags.piBin, cwd: ctx.cwd, global, dir: ctx.paths.extensionDir });
  if (!removed.ok) throw new UserError(removed.reason);
  ctx.out.result({ ok: true, scope, extensionDir: ctx.paths.extensionDir }, [
    `keel's pi extension is no longer registered (${scope} scope); the store at ${ctx.paths.storeUrl} is kept`,
  ]);
}
