// Reads a command line into the simple commands it runs: a simple line (plain words, quotes, pipes, lists,
// file redirections) by the one-pass reader, anything else through the shell grammar; a line the grammar
// rejects (bash would not run it either, or not as written) falls back to the word splitter so its words
// are still screened. Piped text (`echo … | sh`, `cat <<EOF | psql`) becomes the reader's stdin.
import { basename, parseCommands } from "../../../core/shell/shell-words.ts";
import { commandsOfTree, type ParsedCommand } from "./commands.ts";
import { parseShell } from "./parse-shell.ts";
import { readSimpleLine } from "./simple-line.ts";

export type { ParsedCommand } from "./commands.ts";

export function readCommands(line: string): ParsedCommand[] {
  const simple = readSimpleLine(line);
  return simple ? simple.map(withPipedText) : readCommandsByGrammar(line);
}

/** The grammar's reading alone (the fast path's tests compare the two). */
export function readCommandsByGrammar(line: string): ParsedCommand[] {
  const tree = parseShell(line);
  if (!tree.ok) return parseCommands(line);
  return commandsOfTree(tree.value, line).map(withPipedText);
}

/** The text a piped command reads, when its producer prints text the line shows. */
function withPipedText(command: ParsedCommand): ParsedCommand {
  const producer = command.producer;
  if (!producer || command.stdin !== undefined) return command;
  const [head, ...rest] = producer.argv;
  const name = basename(head ?? "");
  if (name === "echo" || name === "printf") {
    const text = rest.filter((word) => !/^-[neE]+$/.test(word)).join(" ");
    return {
      ...command,
      stdin: name === "printf" || rest.includes("-e") ? text.replace(/\\n/g, "\n") : text,
    };
  }
  if (name === "cat" && rest.length === 0 && producer.stdin !== undefined)
    return { ...command, stdin: producer.stdin };
  return command;
}
