// screenCommand: classifies a shell command line as destructive or not, with the matched rule and the
// simple command it was found in. Used by pi's bash confirmation, `keel screen` and the MCP surface.
import { oneLine } from "../text.ts";
import { asksForHelp } from "./help.ts";
import { type Invocation, invocationsOf } from "./invocations.ts";
import { COMMAND_RULES } from "./rules/index.ts";
import { lineFinding, remoteScriptFinding } from "./rules/whole-line.ts";

export type ScreenResult =
  | { destructive: false }
  | { destructive: true; rule: string; reason: string; segment: string };

/** Longer lines are not read word by word; they are reported for a human to look at. */
export const MAX_SCREENED_CHARS = 1_000_000;
const SEGMENT_CHARS = 300;

export function screenCommand(line: string): ScreenResult {
  if (line.length > MAX_SCREENED_CHARS)
    return flagged("too-long", `the command is over ${MAX_SCREENED_CHARS} characters`, line);
  const whole = lineFinding(line);
  if (whole) return flagged(whole.rule, whole.reason, line.trim());
  let invocations: Invocation[];
  try {
    invocations = invocationsOf(line);
  } catch (error) {
    return flagged("unparseable", `could not read the command (${String(error)})`, line);
  }
  for (const invocation of invocations) {
    if (asksForHelp(invocation.argv)) continue;
    for (const rule of COMMAND_RULES) {
      const finding = rule(invocation.argv, invocation);
      if (finding) return flagged(finding.rule, finding.reason, invocation.source.argv.join(" "));
    }
  }
  const remote = remoteScriptFinding(invocations);
  return remote ? flagged(remote.rule, remote.reason, line.trim()) : { destructive: false };
}

function flagged(rule: string, reason: string, segment: string): ScreenResult {
  return {
    destructive: true,
    rule,
    reason: oneLine(reason, SEGMENT_CHARS),
    segment: oneLine(segment, SEGMENT_CHARS),
  };
}
