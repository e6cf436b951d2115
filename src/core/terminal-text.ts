// Text made safe for a terminal: control characters (C0 but newline and tab, DEL, C1) and bidi overrides are
// shown as visible escapes (`\x1b`, `\u202e`), so nothing a session file, argument or error carries can retitle,
// clear or reorder the user's terminal. Pure; the CLI's output writer applies it to everything it prints.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, newline and tab included.
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const visible = (ch: string): string => {
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16)}`;
};

/** Escapes control characters, keeping newlines and tabs (multi-line command output). */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, visible);
}

/** One line for a message: every control character escaped (newlines too), cut to `max` characters. */
export function shortForTerminal(text: string, max = 80): string {
  const line = text.replace(CONTROL_OR_BREAK, (ch) =>
    ch === "\n" ? "\\n" : ch === "\t" ? "\\t" : visible(ch),
  );
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, Math.max(1, max - 1)).join("")}…`;
}
