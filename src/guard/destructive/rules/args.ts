// Reading a command's arguments the way its tool does: clustered short flags, `--long=value`, options that
// take a value, and the positional words (subcommands and operands) once those are set aside.
import type { Invocation } from "../invocations.ts";

export interface Finding {
  rule: string;
  reason: string;
}

/** What the project says about a path, when the screen knows the working directory. */
export type PathStatus = "ignored" | "clean" | "changed" | "untracked" | "outside" | "project" | "missing";

export type PathJudge = (target: string) => PathStatus;

/** What a rule may know beyond the command: the project's view of paths (absent for text-only screening). */
export interface RuleView {
  paths?: PathJudge;
}

/** One rule looks at one invocation: its argv (name reduced to a basename) and how it was reached. */
export type Rule = (argv: string[], invocation: Invocation, view: RuleView) => Finding | undefined;

/** Short options may be clustered (`-rf`); long ones stand alone or carry `=value`. */
export function hasFlag(args: string[], short: string, long: string[] = []): boolean {
  return args.some(
    (arg) =>
      long.some((name) => arg === name || arg.startsWith(`${name}=`)) ||
      (short !== "" && /^-[A-Za-z0-9]+$/.test(arg) && arg.slice(1).includes(short)),
  );
}

/** The value of `--name=value`, `--name value`, `-x value` or `-xvalue`. */
export function optionValue(args: string[], names: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    for (const name of names) {
      if (arg === name) return args[i + 1];
      if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
      if (/^-[A-Za-z]$/.test(name) && arg.startsWith(name) && arg.length > 2) return arg.slice(2);
    }
  }
  return undefined;
}

/** Words that are not options, up to and after `--`. */
export function operands(args: string[]): string[] {
  const dash = args.indexOf("--");
  const before = (dash >= 0 ? args.slice(0, dash) : args).filter((arg) => !arg.startsWith("-"));
  return dash >= 0 ? [...before, ...args.slice(dash + 1)] : before;
}

/** Non-option words in order, skipping the values of the named options (`-n prod`, `--region eu`). */
export function positionals(args: string[], valued: Set<string>): string[] {
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") return [...words, ...args.slice(i + 1)];
    if (!arg.startsWith("-") || arg === "-") words.push(arg);
    else if (valued.has(arg)) i++;
  }
  return words;
}

/** A dry run spelled the common way: `--dry-run` (not `--dry-run=none`), `--dryrun`, `--preview-only`. */
export function isDryRun(args: string[]): boolean {
  return args.some(
    (arg) =>
      arg === "--dry-run" ||
      arg === "--dryrun" ||
      arg === "--preview-only" ||
      arg === "--what-if" ||
      /^--dry-run=(client|server|true)$/.test(arg),
  );
}

export function found(rule: string, reason: string): Finding {
  return { rule, reason };
}
