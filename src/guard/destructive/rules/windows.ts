// Rules for PowerShell and cmd, whether the command arrives through `pwsh -Command`, `cmd /c` or as the
// host's own line: recursive deletes (Remove-Item -Recurse and its aliases, rd /s, del /s), volume and
// disk formats, and HTTP DELETE requests. -WhatIf runs nothing and passes.
import { found, type Rule } from "./args.ts";
import { targetRisk } from "./paths.ts";

const REMOVE = /^(remove-item|ri|rm|rmdir|rd|del|erase)$/i;
const FORMAT = /^(format-volume|clear-disk|initialize-disk|remove-partition|format)$/i;
const POWERSHELL = /^(pwsh|powershell)(\.exe)?$/i;
/** `Get-ChildItem -Recurse | Remove-Item`: the listing feeds the delete (splitWords turns the pipe into `;`). */
const PIPED_REMOVE =
  /\b(get-childitem|gci|ls|dir)\b[^;]*\s-r(ecurse)?\b[^;]*;\s*(remove-item|ri|rm|del|erase)\b/i;
const CMD = /^cmd(\.exe)?$/i;

/** The script a PowerShell or cmd launcher runs: the words after -Command/-c or /c, /k. */
function launchedScript([name, ...args]: string[]): string[] | undefined {
  if (name && POWERSHELL.test(name)) {
    const at = args.findIndex((arg) => /^-(c|command|encodedcommand|ec)$/i.test(arg));
    if (at >= 0) return splitWords(args.slice(at + 1).join(" "));
    const first = args.findIndex((arg) => !arg.startsWith("-"));
    return first >= 0 && !/\.ps1$/i.test(args[first] as string)
      ? splitWords(args.slice(first).join(" "))
      : undefined;
  }
  if (name && CMD.test(name)) {
    const at = args.findIndex((arg) => /^\/[ck]$/i.test(arg));
    return at >= 0 ? splitWords(args.slice(at + 1).join(" ")) : undefined;
  }
  return undefined;
}

function splitWords(script: string): string[] {
  return script
    .split(/[;&|]+/)
    .flatMap((part, i) => (i === 0 ? [part] : [";", part]))
    .flatMap((part) => part.trim().split(/\s+/))
    .map((word) => word.replace(/^["']|["']$/g, ""))
    .filter((word) => word !== "");
}

function statements(words: string[]): string[][] {
  const list: string[][] = [[]];
  for (const word of words) {
    if (word === ";") list.push([]);
    else list.at(-1)?.push(word);
  }
  return list.filter((statement) => statement.length > 0);
}

function judge([verb, ...args]: string[]) {
  if (verb === undefined || args.some((arg) => /^-whatif$/i.test(arg))) return undefined;
  if (FORMAT.test(verb)) return found("windows-format", `${verb} erases a volume or disk`);
  if (/^(stop-computer|restart-computer)$/i.test(verb))
    return found("power-off", `${verb} stops or restarts the machine`);
  if (/^\[System\.IO\.Directory\]::Delete/i.test(verb))
    return found("windows-recursive-delete", "deletes a directory tree");
  if (/^(invoke-restmethod|invoke-webrequest|irm|iwr)$/i.test(verb) && method(args) === "delete")
    return found("http-delete", `${verb} sends a DELETE request`);
  if (!REMOVE.test(verb)) return undefined;
  const recursive = args.some((arg) => /^(-r|-recurse|\/s)$/i.test(arg));
  if (!recursive) return undefined;
  const targets = args.filter((arg) => !arg.startsWith("-") && !/^\/[A-Za-z]$/.test(arg));
  const risky = targets.map((target) => target.replace(/\\+/g, "\\")).find((target) => windowsRisk(target));
  return risky
    ? found("windows-recursive-delete", `${verb} deletes ${risky} and everything under it`)
    : undefined;
}

function method(args: string[]): string | undefined {
  const at = args.findIndex((arg) => /^-method$/i.test(arg));
  return at >= 0 ? args[at + 1]?.toLowerCase() : undefined;
}

function windowsRisk(target: string): boolean {
  if (/^[A-Za-z]:\\?\*?$/.test(target) || /^%(USERPROFILE|HOMEPATH|SystemRoot)%/i.test(target)) return true;
  if (/^[A-Za-z]:\\/.test(target)) return !/^[A-Za-z]:\\(temp|tmp)\\/i.test(target);
  return targetRisk(target.replace(/\\/g, "/")) !== undefined;
}

/** Outside a launcher only the spellings no POSIX shell has are read here; `rm -r` belongs to the files pack. */
const NATIVE =
  /^(remove-item|ri|rd|del|erase|stop-computer|restart-computer|format-volume|clear-disk|initialize-disk|remove-partition|invoke-restmethod|invoke-webrequest|\[System\.IO\.Directory\]::Delete.*)$/i;

const windows: Rule = (argv) => {
  const launched = launchedScript(argv);
  if (!launched && !NATIVE.test(argv[0] ?? "")) return undefined;
  const script = launched ?? argv;
  if (PIPED_REMOVE.test(script.join(" ")))
    return found("windows-recursive-delete", "deletes everything a recursive listing hands it");
  for (const statement of statements(script)) {
    const finding = judge(statement);
    if (finding) return finding;
  }
  return undefined;
};

export const WINDOWS_RULES: Rule[] = [windows];
