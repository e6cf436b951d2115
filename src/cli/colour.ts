// Whether this run colours its output, and the few tones it uses. Colour only on a terminal: never with --json,
// --no-color, a non-empty NO_COLOR (no-color.org), TERM=dumb, or when stdout is a pipe or a file.

export type Tone = "ok" | "warn" | "fail" | "dim";

const CODES: Record<Tone, string> = { ok: "32", warn: "33", fail: "1;31", dim: "2" };

export interface ColourFacts {
  argv: readonly string[];
  noColorEnv: boolean;
  dumbTerminal: boolean;
  stdoutIsTty: boolean;
}

export function wantsColour(facts: ColourFacts): boolean {
  if (facts.argv.includes("--no-color") || facts.argv.includes("--json")) return false;
  return facts.stdoutIsTty && !facts.noColorEnv && !facts.dumbTerminal;
}

/** The text between the tone's code and the reset, each written by `code` (the output's safe marker). */
export function paint(tone: Tone, text: string, code: (sgr: string) => string): string {
  return `${code(CODES[tone])}${text}${code("0")}`;
}
