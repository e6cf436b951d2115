// Rewrites a raw command line into text shell-quote can read: unquoted newlines end a command, backticks
// become `$( … )`, and each here-document body is lifted out and replaced by a numbered here-string word.

export interface NormalizedLine {
  text: string;
  /** Here-document bodies, in order; the text refers to body n as the word `heredocWord(n)`. */
  heredocs: string[];
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
  const pending: Pending[] = [];
  let out = "";
  let quote: "'" | '"' | null = null;
  let inBacktick = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (ch === "\\" && quote !== "'") {
      out += ch + (line[i + 1] ?? "");
      i++;
    } else if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === "`") {
      out += inBacktick ? " ) " : " $( ";
      inBacktick = !inBacktick;
    } else if (ch === "<" && line.startsWith("<<", i) && !line.startsWith("<<<", i)) {
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
  return { text: out, heredocs };
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
