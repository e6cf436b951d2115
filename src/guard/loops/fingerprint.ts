// Command fingerprints for the loop brake: built from shell words, so quoted text keeps its spacing,
// flag order and clustering do not matter, and leading VAR=value words and wrappers are ignored.
import { basename, splitCommands, stripWrappers } from "../../core/shell/shell-words.ts";

function normalizeArgv(argv: string[]): string {
  const [head, ...rest] = stripWrappers(argv).argv;
  if (head === undefined) return "";
  const flags = new Set<string>();
  const operands: string[] = [];
  for (const word of rest) {
    if (/^-[A-Za-z]{2,}$/.test(word)) for (const letter of word.slice(1)) flags.add(`-${letter}`);
    else if (word.startsWith("-") && word !== "-" && word !== "--") flags.add(word);
    else operands.push(word);
  }
  return JSON.stringify([basename(head), ...[...flags].sort(), ...operands]);
}

/** A stable key for "the same command": equal for `pytest -x -q` and `pytest -qx`, not for `echo "a  b"` and `echo "a b"`. */
export function commandFingerprint(line: string): string {
  try {
    const parts = splitCommands(line)
      .map((command) => normalizeArgv(command.argv))
      .filter((part) => part !== "");
    return parts.length > 0 ? parts.join(" | ") : line.trim();
  } catch {
    return line.trim().replace(/\s+/g, " ");
  }
}
