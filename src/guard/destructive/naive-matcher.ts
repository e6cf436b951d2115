// A plain nine-regex matcher over the raw text, kept only as the baseline that keel's screen is measured
// against (npm run bench): it is what a frozen pattern list catches, misses and wrongly flags.

const NINE_PATTERNS: RegExp[] = [
  /\brm\s+-rf\s+\/(\s|$)/,
  /\brm\s+-rf\s+~/,
  /\bgit\s+push\s+.*--force(?!-with-lease)/,
  /\bgit\s+reset\s+--hard\b/,
  /\bmkfs\S*\s.*\/dev\//,
  /\bdd\s.*\bof=\/dev\//,
  /\bchmod\s+-R\s+777\s+\//,
  /\bcurl\s.*\|\s*(sudo\s+)?(sh|bash)\b/,
  /\bsudo\s+rm\b/,
];

export function naiveIsDestructive(line: string): boolean {
  return NINE_PATTERNS.some((pattern) => pattern.test(line));
}
