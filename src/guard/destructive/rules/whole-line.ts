// Rules that need more than one command: a downloaded script handed to a shell, and the fork bomb.

import { isShell } from "../../../core/shell/shell-words.ts";
import type { Invocation } from "../invocations.ts";
import type { Finding } from "./args.ts";

const DOWNLOADERS = new Set(["curl", "wget", "fetch"]);

const INTERPRETERS = /^(python[\d.]*|perl|ruby|node|php)$/;

/** `eval "$(curl …)"`, `source <(curl …)`, or an interpreter reading its program from a pipe (`| python3 -`). */
function runsInput([head, ...rest]: string[], piped: boolean): boolean {
  if (head === "eval") return rest.some((arg) => arg.includes("$__keel_sub_"));
  if (head === "source" || head === ".") return rest.length === 0 || (rest[0] ?? "").startsWith("/dev/fd/");
  if (!piped || !INTERPRETERS.test(head ?? "")) return false;
  return rest.every((arg) => arg === "-" || (/^-[A-Za-z]$/.test(arg) && !"cme".includes(arg[1] as string)));
}

/** `curl … | sh`, `bash <(curl …)`, `sh -c "$(wget …)"`, `eval "$(curl …)"`, `curl … | python3 -`. */
export function remoteScriptFinding(invocations: Invocation[]): Finding | undefined {
  if (!invocations.some(({ argv }) => DOWNLOADERS.has(argv[0] ?? ""))) return undefined;
  const shellReadingStdin = invocations.some(({ argv: [head, ...rest], source }) => {
    if (runsInput([head ?? "", ...rest], source.piped)) return true;
    if (!head || !isShell(head)) return false;
    const inputs = rest.filter((arg) => !arg.startsWith("-"));
    if (inputs[0]?.startsWith("/dev/fd/")) return true;
    return source.piped || inputs.length === 0 || rest.some((arg) => /^-[a-z]*[cs][a-z]*$/.test(arg));
  });
  return shellReadingStdin
    ? { rule: "remote-script-shell", reason: "runs a downloaded script in a shell" }
    : undefined;
}

const FORK_BOMB = /:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/;

/** Text inside quotes is printed or passed along, not run as this line's own code. */
const QUOTED = /'[^']*'|"(?:[^"\\]|\\.)*"/g;

export function lineFinding(line: string): Finding | undefined {
  return FORK_BOMB.test(line.replace(QUOTED, "''"))
    ? { rule: "fork-bomb", reason: "a fork bomb" }
    : undefined;
}
