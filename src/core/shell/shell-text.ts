// Rewrites a raw command line into text shell-quote can read: unquoted newlines end a command, each `$(…)`
// or backtick substitution is lifted out (its script kept apart, a variable-like word left in its place), and
// each here-document body is lifted out and replaced by a numbered here-string word.

export interface NormalizedLine {
  text: string;
  /** Here-document bodies, in order; the text refers to body n as the word `heredocWord(n)`. */
  heredocs: string[];
  /** Scripts of the `$(…)` and backtick substitutions, quoted or not, in order. */
  substitutions: string[];
}

const HEREDOC_WORD = /^__keel_heredoc_(\d+)__$/;

export function heredocWord(index: number): string {
  return `__keel_heredoc_${index}__`;
}

/** The body a here-string word stands for, or the word itself when it is an ordinary here-string. */
export function heredocBody(word: string, heredocs: string[]): string {
  const match = HEREDOC_WORD.exec(word);
  return match ? (heredocs[Number(match[1])] ?? "") : word;
}

interface Pending {
  delimiter: string;
  stripTabs: boolean;
  index: number;
}

export function normalizeLine(line: string): NormalizedLine {
  const heredocs: string[] = [];
  const substitutions: string[] = [];
  const pending: Pending[] = [];
  let out = "";
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (ch === "\\" && quote !== "'") {
      out += ch + (line[i + 1] ?? "");
      i++;
    } else if (quote !== "'" && (ch === "`" || (line.startsWith("$(", i) && !line.startsWith("$((", i)))) {
      const substitution = readSubstitution(line, i);
      out += `$${SUBSTITUTION_PREFIX}${substitutions.push(substitution.script) - 1}`;
      i = substitution.end - 1;
    } else if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (line.startsWith("<<<", i)) {
      out += "<<<";
      i += 2;
    } else if (line.startsWith("<<", i)) {
      const opened = readDelimiter(line, i + 2);
      const index = heredocs.push("") - 1;
      pending.push({ delimiter: opened.delimiter, stripTabs: opened.stripTabs, index });
      out += ` <<< ${heredocWord(index)} `;
      i = opened.end - 1;
    } else if (ch === "\n") {
      out += " ; ";
      if (pending.length > 0) i = readBodies(line, i + 1, pending.splice(0), heredocs) - 1;
    } else {
      out += ch;
    }
  }
  return { text: out, heredocs, substitutions };
}

/** Substitutions become a variable-like word (`$__keel_sub_0`): an empty result is as unknown as a variable. */
const SUBSTITUTION_PREFIX = "__keel_sub_";

/** The script of the `$(…)` or backtick substitution at `start`, and the index just past it. */
function readSubstitution(line: string, start: number): { script: string; end: number } {
  if (line[start] === "`") {
    const close = line.indexOf("`", start + 1);
    const end = close < 0 ? line.length : close;
    return { script: line.slice(start + 1, end), end: end + 1 };
  }
  let depth = 0;
  let quote: string | null = null;
  for (let i = start + 1; i < line.length; i++) {
    const ch = line[i] as string;
    if (ch === "\\") i++;
    else if (quote) quote = ch === quote ? null : quote;
    else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return { script: line.slice(start + 2, i), end: i + 1 };
  }
  return { script: line.slice(start + 2), end: line.length };
}

/** `<<EOF`, `<<-EOF`, `<< 'EOF'`, `<<"EOF"`: the delimiter word and where it ends. */
function readDelimiter(line: string, start: number): { delimiter: string; stripTabs: boolean; end: number } {
  let i = start;
  const stripTabs = line[i] === "-";
  if (stripTabs) i++;
  while (line[i] === " " || line[i] === "\t") i++;
  let delimiter = "";
  while (i < line.length && !/[\s;&|<>()]/.test(line[i] as string)) {
    const ch = line[i] as string;
    if (ch === "'" || ch === '"') {
      const close = line.indexOf(ch, i + 1);
      const end = close < 0 ? line.length : close;
      delimiter += line.slice(i + 1, end);
      i = end + 1;
    } else {
      if (ch !== "\\") delimiter += ch;
      i++;
    }
  }
  return { delimiter, stripTabs, end: i };
}

/** Reads the bodies of the pending here-documents from `start`; returns where the command text resumes. */
function readBodies(line: string, start: number, pending: Pending[], heredocs: string[]): number {
  let position = start;
  for (const doc of pending) {
    const body: string[] = [];
    while (position < line.length) {
      const newline = line.indexOf("\n", position);
      const end = newline < 0 ? line.length : newline;
      const text = line.slice(position, end);
      position = end + 1;
      if ((doc.stripTabs ? text.replace(/^\t+/, "") : text) === doc.delimiter) break;
      body.push(text);
    }
    heredocs[doc.index] = body.join("\n");
  }
  return Math.min(position, line.length);
}
