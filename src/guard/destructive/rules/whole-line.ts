// Rules that need more than one command: a downloaded script handed to a shell, and the fork bomb.
import type { Invocation } from "../invocations.ts";
import { isShell } from "../shell-words.ts";
import type { Finding } from "./args.ts";

const DOWNLOADERS = new Set(["curl", "wget", "fetch"]);

/** `curl … | sh`, `bash <(curl …)`, `sh -c "$(wget …)"`. */
export function remoteScriptFinding(invocations: Invocation[]): Finding | undefined {
  if (!invocations.some(({ argv }) => DOWNLOADERS.has(argv[0] ?? ""))) return undefined;
  const shellReadingStdin = invocations.some(({ argv: [head, ...rest], source }) => {
    if (!head || !isShell(head)) return false;
    const inputs = rest.filter((arg) => !arg.startsWith("-"));
    return source.piped || inputs.length === 0 || rest.some((arg) => /^-[a-z]*[cs][a-z]*$/.test(arg));
  });
  return shellReadingStdin
    ? { rule: "remote-script-shell", reason: "runs a downloaded script in a shell" }
    : undefined;
}

const FORK_BOMB = /:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/;

export function lineFinding(line: string): Finding | undefined {
  return FORK_BOMB.test(line) ? { rule: "fork-bomb", reason: "a fork bomb" } : undefined;
}
