// screenCommand: classifies a shell command line as destructive or not, with the matched rule and the
// simple command it was found in. Used by pi's bash confirmation, `keel screen` and the MCP surface.
import { COMMAND_RULES, type Finding, lineFinding, remoteScriptFinding } from "./rules.ts";
import { basename, splitCommands, stripWrappers } from "./shell-words.ts";

export type ScreenResult =
  | { destructive: false }
  | { destructive: true; rule: string; reason: string; segment: string };

export function screenCommand(line: string): ScreenResult {
  const whole = lineFinding(line);
  if (whole) return { destructive: true, ...whole, segment: line.trim() };
  let commands: ReturnType<typeof splitCommands>;
  try {
    commands = splitCommands(line);
  } catch (error) {
    return {
      destructive: true,
      rule: "unparseable",
      reason: `could not read the command (${String(error)})`,
      segment: line,
    };
  }
  for (const command of commands) {
    const { argv, sudo } = stripWrappers(command.argv);
    const named = argv.length > 0 ? [basename(argv[0] as string), ...argv.slice(1)] : argv;
    for (const rule of COMMAND_RULES) {
      const finding: Finding | undefined = rule(named, sudo, command);
      if (finding) return { destructive: true, ...finding, segment: command.argv.join(" ") };
    }
  }
  const remote = remoteScriptFinding(commands);
  return remote ? { destructive: true, ...remote, segment: line.trim() } : { destructive: false };
}
