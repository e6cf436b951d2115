// screenCommand: judges a shell command line before it runs. It reads the line through the shell grammar
// into the commands it runs (wrappers, substitutions, indirection and inline interpreter code opened up),
// runs every rule on each, and answers with the first finding of a pack that is switched on: its pack,
// rule, plain reason, a safer alternative, whether to refuse or ask, and the command it was found in.
// With a PathJudge (the working directory is known) recursive deletes are judged by what git says. A line of
// plain read-only commands is answered first, without the grammar or the rules (fast-path.ts).
import { oneLine } from "../text.ts";
import { plainlyHarmless } from "./fast-path.ts";
import { asksForHelp } from "./help.ts";
import { type Invocation, invocationsOf } from "./invocations.ts";
import { findRuleHome, type RuleHome } from "./packs/index.ts";
import type { Finding, PathJudge } from "./rules/args.ts";
import { COMMAND_RULES } from "./rules/index.ts";
import { lineFinding, remoteScriptFinding } from "./rules/whole-line.ts";

export type ScreenVerdict = "deny" | "ask";

export type ScreenResult =
  | { destructive: false }
  | {
      destructive: true;
      verdict: ScreenVerdict;
      pack: string;
      rule: string;
      reason: string;
      alternative: string;
      segment: string;
    };

export interface ScreenOptions {
  /** Packs the project switched off in its contract. */
  packsOff?: readonly string[];
  /** What the project says about a path; absent for text-only screening. */
  paths?: PathJudge;
}

export interface ScreenExplanation {
  result: ScreenResult;
  /** Each command the line runs, as the screen read it. */
  commands: { argv: string[]; unknowable?: string }[];
}

/** Longer lines are not read word by word; they are reported for a human to look at. */
export const MAX_SCREENED_CHARS = 1_000_000;
const SEGMENT_CHARS = 300;

export function screenCommand(line: string, options: ScreenOptions = {}): ScreenResult {
  return explainScreen(line, options).result;
}

export function explainScreen(line: string, options: ScreenOptions = {}): ScreenExplanation {
  const plain = plainlyHarmless(line);
  if (plain) return { result: { destructive: false }, commands: plain.map(({ argv }) => ({ argv })) };
  return explainInFull(line, options);
}

/** The screen without its fast path (the fast path's tests compare the two). */
export function explainInFull(line: string, options: ScreenOptions = {}): ScreenExplanation {
  if (line.length > MAX_SCREENED_CHARS)
    return {
      result: verdict(
        options,
        { rule: "too-long", reason: `the command is over ${MAX_SCREENED_CHARS} characters` },
        "",
        line,
      ),
      commands: [],
    };
  const whole = lineFinding(line);
  if (whole) return { result: verdict(options, whole, "", line.trim()), commands: [] };
  let invocations: Invocation[];
  try {
    invocations = invocationsOf(line);
  } catch (error) {
    const finding = { rule: "unparseable", reason: `could not read the command (${String(error)})` };
    return { result: verdict(options, finding, "", line), commands: [] };
  }
  const commands = invocations.map(({ argv, unknowable }) => (unknowable ? { argv, unknowable } : { argv }));
  return { result: judge(line, invocations, options), commands };
}

function judge(line: string, invocations: Invocation[], options: ScreenOptions): ScreenResult {
  const remote = remoteScriptFinding(invocations);
  if (remote && isOn(options, remote, "")) return verdict(options, remote, "", line.trim());
  for (const invocation of invocations) {
    if (asksForHelp(invocation.argv)) continue;
    const segment = invocation.source.argv.join(" ");
    const tool = invocation.argv[0] ?? "";
    if (invocation.unknowable) {
      const finding = { rule: "unknowable-command", reason: invocation.unknowable };
      if (isOn(options, finding, tool)) return verdict(options, finding, tool, segment);
    }
    for (const rule of COMMAND_RULES) {
      const finding = rule(invocation.argv, invocation, { paths: options.paths });
      if (finding && isOn(options, finding, tool)) return verdict(options, finding, tool, segment);
    }
  }
  return { destructive: false };
}

function isOn(options: ScreenOptions, finding: Finding, tool: string): boolean {
  const home = findRuleHome(finding.rule, tool);
  return !home || !(options.packsOff ?? []).includes(home.pack.id);
}

function verdict(_options: ScreenOptions, finding: Finding, tool: string, segment: string): ScreenResult {
  const home: RuleHome | undefined = findRuleHome(finding.rule, tool);
  return {
    destructive: true,
    verdict: home?.rule.deny ? "deny" : "ask",
    pack: home?.pack.id ?? "unsorted",
    rule: finding.rule,
    reason: oneLine(finding.reason, SEGMENT_CHARS),
    alternative: oneLine(
      home?.rule.alternative ?? "check what the command does before running it",
      SEGMENT_CHARS,
    ),
    segment: oneLine(segment, SEGMENT_CHARS),
  };
}
