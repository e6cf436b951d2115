// Tells when a command's exit code cannot be trusted as evidence: a failure masked by `|| true` (or `|| :`,
// `; exit 0`) or a pipeline whose status is only its last command's, because pipefail is not set.
import { parse } from "shell-quote";

export type Trust = { trusted: true } | { trusted: false; reason: string };

const NO_OPS = new Set(["true", ":", "exit 0"]);

export function exitCodeTrust(line: string): Trust {
  let tokens: ReturnType<typeof parse>;
  try {
    tokens = parse(line.replace(/\n/g, " ; "), (name) => `$${name}`);
  } catch {
    return { trusted: false, reason: "the command could not be read, so its exit code is not trusted" };
  }
  const words = (from: number) => {
    const out: string[] = [];
    for (let i = from; i < tokens.length && typeof tokens[i] === "string"; i++) out.push(tokens[i] as string);
    return out.join(" ");
  };
  let pipes = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (typeof token !== "object" || !("op" in token)) continue;
    if (token.op === "||" && NO_OPS.has(words(i + 1)))
      return { trusted: false, reason: "a failure is masked by `|| …`" };
    if ((token.op === ";" || token.op === "&&") && words(i + 1) === "exit 0")
      return { trusted: false, reason: "the command ends with `exit 0`" };
    if (token.op === "|") pipes = true;
  }
  if (pipes && !/\bset\s+(-[a-z]*o\s+pipefail|-o\s+pipefail)|\bpipefail\b/.test(line)) {
    return { trusted: false, reason: "a pipeline reports only its last command's status (no pipefail)" };
  }
  return { trusted: true };
}
