// `keel doctor`: checks pi, Node, the extension's registration and trust, project identity and the store.
import type { Command } from "commander";
import { ExitCode } from "../core/errors.ts";
import { installedBundleSha256, installedStamp } from "../install/extension-package.ts";
import { findRegistration, isProjectTrusted } from "../install/pi-settings.ts";
import { piSupport } from "../install/pi-support.ts";
import { checkNode, checkPi } from "../install/toolchain.ts";
import { isStale, staleNote } from "../install/version-meet.ts";
import { resolveProjectIdentity } from "../project/identity.ts";
import { checkStore, storeProblems } from "../project/store-health.ts";
import type { CommandContext } from "./context.ts";
import { addVerb, type Register, setExitCode } from "./register.ts";
import { versionReport } from "./version.ts";

export type CheckLevel = "ok" | "warn" | "fail";
export interface Check {
  name: string;
  level: CheckLevel;
  detail: string;
}

export const registerDoctor: Register = (program, contextFor) => {
  addVerb(program, "doctor").action(async (_options: unknown, command: Command) => {
    const ctx = contextFor(command);
    const checks = await runChecks(ctx);
    const failed = checks.some((c) => c.level === "fail");
    const mark = { ok: "ok  ", warn: "warn", fail: "FAIL" } as const;
    ctx.out.result(
      { ok: !failed, checks },
      checks.map((c) => `${ctx.out.tone(c.level, mark[c.level])}  ${c.name}: ${c.detail}`),
    );
    setExitCode(command, failed ? ExitCode.checkFailed : ExitCode.ok);
  });
};

export async function runChecks(ctx: CommandContext): Promise<Check[]> {
  const checks: Check[] = [];
  const node = checkNode(ctx.flags.nodeBin);
  checks.push({
    name: "node",
    level: node.ok ? "ok" : "fail",
    detail: node.ok ? node.value.version : node.reason,
  });
  const pi = checkPi(ctx.flags.piBin);
  checks.push(
    pi.ok ? { name: "pi", ...piSupport(pi.value.version) } : { name: "pi", level: "fail", detail: pi.reason },
  );
  checks.push(extensionCheck(ctx));
  const identity = resolveProjectIdentity({ cwd: ctx.cwd, configuredRoot: ctx.flags.projectRoot });
  const root = identity.ok ? identity.value.root : ctx.cwd;
  checks.push(
    identity.ok
      ? {
          name: "project",
          level: "ok",
          detail: `${identity.value.name} (${identity.value.identitySource}, ${identity.value.id.slice(0, 12)})`,
        }
      : { name: "project", level: "warn", detail: identity.reason },
  );
  checks.push(...registrationChecks(ctx, root));
  checks.push(await storeCheck(ctx));
  return checks;
}

async function storeCheck(ctx: CommandContext): Promise<Check> {
  const store = await checkStore(ctx.paths.storeUrl);
  if (!store.ok) return { name: "store", level: "fail", detail: store.reason };
  const r = store.value;
  const problems = storeProblems(r);
  const facts = `${r.location} (${r.driver}, SQLite ${r.sqliteVersion}, ${r.migrationsApplied}/${r.migrationsEmbedded} migrations`;
  if (problems.length > 0)
    return { name: "store", level: "fail", detail: `${facts}): ${problems.join("; ")}` };
  return { name: "store", level: "ok", detail: `${facts}, integrity ok)` };
}

function extensionCheck(ctx: CommandContext): Check {
  const dir = ctx.paths.extensionDir;
  const installed = installedBundleSha256(dir);
  if (!installed)
    return { name: "extension", level: "fail", detail: `not written yet: run \`keel install\`` };
  const self = versionReport();
  if (self.extensionSha256 === null)
    return { name: "extension", level: "warn", detail: `${dir} (no bundle in this build to compare)` };
  if (!isStale(installed, self)) {
    return {
      name: "extension",
      level: "ok",
      detail: `${dir} matches this keel (${self.version}, ${self.commit})`,
    };
  }
  return { name: "extension", level: "warn", detail: `${dir}: ${staleNote(installedStamp(dir), self)}` };
}

function registrationChecks(ctx: CommandContext, projectRoot: string): Check[] {
  const reg = findRegistration(ctx.cwd, ctx.paths.agentDir, ctx.paths.extensionDir);
  if (!reg.project && !reg.global) {
    return [
      { name: "registered", level: "fail", detail: "keel is not in pi's packages: run `keel install`" },
    ];
  }
  const where = [reg.project ? "project" : "", reg.global ? "user" : ""].filter(Boolean).join(" + ");
  const checks: Check[] = [{ name: "registered", level: "ok", detail: `${where} settings` }];
  if (reg.project && !reg.global) {
    const trusted =
      isProjectTrusted(projectRoot, ctx.paths.agentDir) || isProjectTrusted(ctx.cwd, ctx.paths.agentDir);
    checks.push(
      trusted
        ? { name: "trusted", level: "ok", detail: "pi trusts this project" }
        : {
            name: "trusted",
            level: "warn",
            detail:
              "pi has not trusted this project yet: accept its prompt, run `/trust`, or start pi with --approve",
          },
    );
  }
  return checks;
}
