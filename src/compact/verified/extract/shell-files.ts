// File operations a shell command line performs, read from its words: rm, unlink, git rm, mv, git mv, cp,
// sed -i, touch, truncate, tee, output redirections, and reads by cat/head/tail/less. `cd` within the line
// moves the base for later relative paths. Heredoc bodies are not commands and are dropped before splitting.
import { basename, splitCommands, stripWrappers } from "../../../core/shell/shell-words.ts";
import { isPathWord, relativePath } from "./paths.ts";

export type FileOp = { op: "read" | "modify" | "delete"; path: string };

const READERS = new Set(["cat", "head", "tail", "less", "more", "nl", "bat"]);

/** The line with heredoc bodies removed (`<<EOF … EOF`, `<<-'X' … X`). */
export function dropHeredocs(line: string): string {
  const lines = line.split("\n");
  const out: string[] = [];
  let terminator: string | undefined;
  let strip = false;
  for (const text of lines) {
    if (terminator !== undefined) {
      if ((strip ? text.replace(/^\t+/, "") : text) === terminator) terminator = undefined;
      continue;
    }
    const m = /<<(-?)\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\2/.exec(text);
    out.push(m ? text.replace(m[0], " ") : text);
    if (m) {
      terminator = m[3];
      strip = m[1] === "-";
    }
  }
  return out.join("\n");
}

/** Words after the options (`--` ends options); `valued` options take the next word. */
function operands(args: string[], valued: RegExp = /^$/): string[] {
  const out: string[] = [];
  let optionsDone = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as string;
    if (!optionsDone && word === "--") optionsDone = true;
    else if (!optionsDone && word.startsWith("-") && word !== "-") {
      if (valued.test(word)) i++;
    } else out.push(word);
  }
  return out;
}

function moveOps(files: string[], copy: boolean): FileOp[] {
  if (files.length < 2) return [];
  const target = files.at(-1) as string;
  const sources = files.slice(0, -1);
  const ops: FileOp[] = [];
  for (const source of sources) {
    const into = target.endsWith("/") || sources.length > 1;
    const dest = into ? `${target.replace(/\/+$/, "")}/${basename(source.replace(/\/+$/, ""))}` : target;
    if (!copy) ops.push({ op: "delete", path: source });
    ops.push({ op: "modify", path: dest });
  }
  return ops;
}

function sedOps(args: string[]): FileOp[] {
  const inPlace = args.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith("--in-place"));
  if (!inPlace) return [];
  const hasScriptOption = args.some((a) => a === "-e" || a === "-f" || a.startsWith("--expression"));
  const words = operands(args, /^-(e|f|l)$|^--(expression|file)$/);
  return (hasScriptOption ? words : words.slice(1)).map((path) => ({ op: "modify", path }));
}

/** File operations of one simple command's argv (wrappers already stripped). */
function commandOps(argv: string[]): FileOp[] {
  const [head, ...args] = argv;
  if (head === undefined) return [];
  const name = basename(head);
  if (name === "git" && args[0] !== undefined) {
    const [sub, ...rest] = args;
    if (sub === "rm" && !rest.includes("--cached"))
      return operands(rest).map((path) => ({ op: "delete", path }));
    if (sub === "mv") return moveOps(operands(rest), false);
    return [];
  }
  if (name === "rm" || name === "unlink" || name === "rmdir" || name === "shred")
    return operands(args).map((path) => ({ op: "delete", path }));
  if (name === "mv") return moveOps(operands(args, /^-(t|S)$/), false);
  if (name === "cp") return moveOps(operands(args, /^-(t|S)$/), true);
  if (name === "sed" || name === "perl") return name === "sed" ? sedOps(args) : [];
  if (name === "touch") return operands(args, /^-(d|r|t)$/).map((path) => ({ op: "modify", path }));
  if (name === "truncate") return operands(args, /^-(s|r)$/).map((path) => ({ op: "modify", path }));
  if (name === "tee") return operands(args).map((path) => ({ op: "modify", path }));
  if (READERS.has(name)) return operands(args, /^-(n|c)$/).map((path) => ({ op: "read", path }));
  return [];
}

/** Every file operation of a command line, in order, with paths relative to `cwd`. */
export function shellFileOps(line: string, cwd: string): FileOp[] {
  const ops: FileOp[] = [];
  let base = cwd;
  for (const command of splitCommands(dropHeredocs(line))) {
    const { argv } = stripWrappers(command.argv);
    if (argv[0] === "cd" && argv[1] !== undefined && isPathWord(argv[1])) {
      base = relativePath(argv[1], "/", base);
      continue;
    }
    const found = [...commandOps(argv), ...command.writesTo.map((path): FileOp => ({ op: "modify", path }))];
    for (const op of found) {
      if (!isPathWord(op.path)) continue;
      ops.push({ op: op.op, path: relativePath(op.path, cwd, base) });
    }
  }
  return ops;
}
