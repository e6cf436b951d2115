// `keel ui`: serves the local web UI on 127.0.0.1 until SIGINT/SIGTERM, printing the URL with its token.
// The server itself (src/server/serve.ts) is loaded only when this command runs.

import type { Command } from "commander";
import { childProcess } from "../core/builtins.ts";
import { describeError } from "../core/errors.ts";
import { resolveProjectIdentity } from "../project/identity.ts";
import { collect, intOption } from "./parse.ts";
import { locationOf } from "./project-store.ts";
import { addVerb, type Register } from "./register.ts";

interface UiOptions {
  port: number;
  open?: boolean;
  sessionDir?: string[];
  demo?: boolean;
}

export const registerUi: Register = (program, contextFor) => {
  addVerb(program, "ui")
    .option(
      "-p, --port <n>",
      "port to listen on; 0 picks a free one",
      intOption("--port", { min: 0, max: 65535 }),
      0,
    )
    .option("--open", "open the UI in the default browser")
    .option("--session-dir <dir>", "another folder of pi session files (repeatable)", collect)
    .option("--demo", "serve a read-only demo built from sessions real pi wrote (its own temporary store)")
    .action(async (options: UiOptions, command: Command) => {
      const ctx = contextFor(command);
      const port = options.port;
      if (options.demo && options.sessionDir) {
        command.error("--demo serves its own sessions; leave out --session-dir", { exitCode: 2 });
      }
      const { startServer } = await import("../server/serve.ts");
      const demo = options.demo ? await (await import("../server/demo.ts")).prepareDemo() : undefined;
      // MCP at /mcp serves the project keel ui starts in; the read-only demo serves none.
      const identity = demo ? undefined : resolveProjectIdentity(locationOf(ctx));
      const server = await startServer(
        demo
          ? { storeUrl: demo.storeUrl, agentDir: demo.agentDir, port, readOnly: true }
          : {
              storeUrl: ctx.paths.storeUrl,
              agentDir: ctx.paths.agentDir,
              extraSessionDirs: options.sessionDir ?? [],
              personalContract: ctx.paths.personalContract,
              offerDemo: true,
              port,
              mcp: identity?.ok
                ? {
                    project: identity.value,
                    cwd: ctx.cwd,
                    clock: ctx.clock,
                    personalContract: ctx.paths.personalContract,
                  }
                : undefined,
            },
      ).catch((error: unknown) => {
        demo?.remove();
        throw error;
      });
      const mcp = identity?.ok ? `${server.origin}/mcp` : null;
      if (ctx.out.json) {
        const line = { ok: true, url: server.url, port: server.port, token: server.token, mcp };
        process.stdout.write(`${JSON.stringify(line)}\n`);
      } else {
        process.stdout.write(`keel UI${demo ? " (read-only demo)" : ""}: ${server.url}\n`);
        if (mcp) ctx.out.info(`MCP (Streamable HTTP): ${mcp} with Authorization: Bearer <the token above>`);
        ctx.out.info("serving until Ctrl+C");
      }
      if (options.open) openInBrowser(server.url);
      await untilSignal();
      await server.close();
      demo?.remove();
    });
};

function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(signal);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** Best effort: a missing or failing opener is reported on stderr, never fatal. */
function openInBrowser(url: string): void {
  const [opener, ...args] =
    process.platform === "darwin"
      ? ["open", url]
      : process.platform === "win32"
        ? ["cmd", "/c", "start", '""', url]
        : ["xdg-open", url];
  let reported = false;
  // Node may emit both "error" and "exit" for one failed spawn: say it once.
  const report = (why: string) => {
    if (reported) return;
    reported = true;
    process.stderr.write(`keel: could not open a browser (${why}); open the URL above yourself\n`);
  };
  try {
    const child = childProcess().spawn(opener as string, args, { stdio: "ignore", detached: true });
    child.on("error", (error) => report(`${opener}: ${describeError(error)}`));
    child.on("exit", (code) => {
      if (code !== 0 && code !== null) report(`${opener} exited with ${code}`);
    });
    child.unref();
  } catch (error) {
    report(`${opener}: ${describeError(error)}`);
  }
}
