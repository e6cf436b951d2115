// Opens every layer that runs another command, so the screen sees what really runs: wrappers (sudo, env,
// nice, timeout, xargs, watch, ssh, docker exec …), `find -exec`, `parallel`, `sh -c` with options before
// -c, shells reading a script on stdin, and `eval`. Each command found becomes one Invocation.

import { basename, isShell, RESERVED_WORDS, shellPayload } from "../../core/shell/shell-words.ts";
import { openWrapper, wrapperAt } from "../../core/shell/wrapper-specs.ts";
import { indirectScripts, unknowableInput } from "./indirection.ts";
import { shellStrings } from "./interpreters/code-scan.ts";
import { inlineCode } from "./interpreters/inline-code.ts";
import { type ParsedCommand, readCommands } from "./syntax/index.ts";

export interface Invocation {
  /** The command that runs, its name reduced to a basename. */
  argv: string[];
  sudo: boolean;
  /** Its operands come from input (xargs, find -exec, parallel): the targets cannot be read from the line. */
  fed: boolean;
  /** The simple command as written, for redirections, stdin text and the reported segment. */
  source: ParsedCommand;
  /** Why what runs cannot be known from the line (a command named by an outside variable, eval of output). */
  unknowable?: string;
}

interface Context {
  sudo: boolean;
  fed: boolean;
  source: ParsedCommand;
  depth: number;
}

const MAX_DEPTH = 5;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Every command the line runs, outermost first. */
export function invocationsOf(line: string, depth = 0): Invocation[] {
  if (depth > MAX_DEPTH) return [];
  return readCommands(line).flatMap((source) =>
    expand(source.argv, { sudo: false, fed: false, source, depth }),
  );
}

function expand(words: string[], context: Context): Invocation[] {
  let argv = words;
  let { sudo, fed } = context;
  for (;;) {
    while (argv.length > 0 && (ASSIGNMENT.test(argv[0] as string) || RESERVED_WORDS.has(argv[0] as string)))
      argv = argv.slice(1);
    if (argv.length === 0) return [{ argv: [], sudo, fed, source: context.source }];
    const named = [commandName(argv[0] as string), ...argv.slice(1)];
    const wrapper = wrapperAt(named);
    if (!wrapper)
      return [invocation(named, { ...context, sudo, fed }), ...inner(named, { ...context, sudo, fed })];
    const opened = openWrapper(named.slice(wrapper.length), wrapper.spec);
    sudo ||= wrapper.spec.sudo === true;
    fed ||= wrapper.spec.fed === true;
    if (opened.kind === "none") return [];
    if (opened.kind === "script") return reparse(opened.script, { ...context, sudo, fed });
    argv = opened.argv;
  }
}

function invocation(argv: string[], context: Context): Invocation {
  const found: Invocation = { argv, sudo: context.sudo, fed: context.fed, source: context.source };
  // A positional parameter names nothing at the top of an agent's line (`exec "$@"` runs no arguments), but
  // text re-read by eval or `sh -c` (`eval $@`, `sh -c "$2"`) is code the line does not show.
  const unknowable =
    unknowableInput(argv, context.source) ?? (context.depth > 0 ? context.source.unknowable : undefined);
  if (unknowable) found.unknowable = unknowable;
  return found;
}

/** Commands nested inside a command that is not a plain wrapper: shells, eval, find -exec, parallel. */
function inner(argv: string[], context: Context): Invocation[] {
  const [name, ...rest] = argv as [string, ...string[]];
  const scripts = indirectScripts(argv, context.source);
  if (scripts.length > 0) return scripts.flatMap((script) => reparse(script, context));
  const code = inlineCode(argv, context.source);
  if (code)
    return shellStrings(code).flatMap((script) =>
      reparse(script, { ...context, source: { ...context.source, stdin: undefined } }),
    );
  if (isShell(name)) {
    const payload = shellPayload(rest);
    if (payload !== undefined) return reparse(bindPositional(payload.script, payload.positional), context);
    const readsStdin = rest.every((arg) => arg.startsWith("-"));
    const script = context.source.stdin;
    return readsStdin && script !== undefined
      ? reparse(script, { ...context, source: { ...context.source, stdin: undefined } })
      : [];
  }
  if (name === "find")
    return findExecs(rest).flatMap((command) => expand(command, { ...context, fed: true }));
  if (name === "parallel") {
    if (rest.includes("--dry-run")) return [];
    const command = parallelCommand(rest);
    if (command.length === 1 && /\s/.test(command[0] as string))
      return reparse(command[0] as string, { ...context, fed: true });
    return command.length > 0 ? expand(command, { ...context, fed: true }) : [];
  }
  return [];
}

/** `sh -c 'rm -rf "$1"' _ ~`: the script with its positional parameters filled in from the words after it. */
function bindPositional(script: string, positional: string[]): string {
  if (positional.length === 0) return script;
  return script.replace(/\$\{?([0-9@*])\}?/g, (whole, key: string) =>
    /[@*]/.test(key) ? positional.slice(1).join(" ") : (positional[Number(key)] ?? whole),
  );
}

/** `/usr/bin/rm` → `rm`; a package launched with a version (`cdk@2`, `prisma@latest`) → its name. */
function commandName(word: string): string {
  const name = basename(word);
  const at = name.lastIndexOf("@");
  return at > 0 && !name.startsWith("$") ? name.slice(0, at) : name;
}

/** Parses a payload; its unpiped commands read the stdin the wrapper was given (`ssh db psql <<EOF …`). */
function reparse(script: string, context: Context): Invocation[] {
  if (context.depth >= MAX_DEPTH) return [];
  const stdin = context.source.stdin;
  return readCommands(script).flatMap((parsed) => {
    const source =
      stdin !== undefined && parsed.stdin === undefined && !parsed.piped ? { ...parsed, stdin } : parsed;
    return expand(source.argv, { ...context, source, depth: context.depth + 1 });
  });
}

/** The commands of `-exec`, `-execdir`, `-ok` and `-okdir`, each up to its `;` or `{} +`. */
function findExecs(args: string[]): string[][] {
  const commands: string[][] = [];
  for (let i = 0; i < args.length; i++) {
    if (!/^-(exec|execdir|ok|okdir)$/.test(args[i] as string)) continue;
    const start = i + 1;
    let end = start;
    while (end < args.length && args[end] !== ";" && !(args[end] === "+" && args[end - 1] === "{}")) end++;
    commands.push(args.slice(start, end));
    i = end;
  }
  return commands;
}

const PARALLEL_VALUES = new Set([
  "-j",
  "-S",
  "-a",
  "-I",
  "-d",
  "-E",
  "-n",
  "-N",
  "-L",
  "--jobs",
  "--sshlogin",
]);

/** GNU parallel's command: the words after its options and before the first `:::`/`::::` input list. */
function parallelCommand(args: string[]): string[] {
  let i = 0;
  while (i < args.length && (args[i] as string).startsWith("-") && !(args[i] as string).startsWith(":::"))
    i += PARALLEL_VALUES.has(args[i] as string) ? 2 : 1;
  const end = args.findIndex((arg, k) => k >= i && /^::::?\+?$/.test(arg));
  return args.slice(i, end < 0 ? args.length : end);
}
