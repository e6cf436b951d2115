// Finds the program an interpreter runs from the command line itself: `python -c`, `node -e/-p`, `deno eval`,
// `bun -e`, `perl -e/-E`, `ruby -e`, `php -r`, tsx/ts-node `-e`, or a script read from stdin that the line
// shows (a here-document, `echo … | python3`). Scripts run from files are not read.
import type { ParsedCommand } from "../syntax/index.ts";

export type Language = "python" | "javascript" | "perl" | "ruby" | "php";

export interface InlineCode {
  language: Language;
  code: string;
}

interface Spelling {
  language: Language;
  /** Options whose value is the program. */
  inline: string[];
  /** Options that take a value that is not the program. */
  valued?: string[];
  /** A subcommand that takes the program as its operand (`deno eval CODE`). */
  subcommand?: string;
}

const SPELLINGS: [RegExp, Spelling][] = [
  [/^(python[\d.]*|pypy[\d.]*)$/, { language: "python", inline: ["-c"], valued: ["-m", "-W", "-X"] }],
  [
    /^(node|nodejs)$/,
    {
      language: "javascript",
      inline: ["-e", "--eval", "-p", "--print"],
      valued: ["-r", "--require", "--import"],
    },
  ],
  [/^(tsx|ts-node|esno)$/, { language: "javascript", inline: ["-e", "--eval", "-p", "--print"] }],
  [/^bun$/, { language: "javascript", inline: ["-e", "--eval", "-p", "--print"] }],
  [/^deno$/, { language: "javascript", inline: [], subcommand: "eval" }],
  [/^perl[\d.]*$/, { language: "perl", inline: ["-e", "-E"], valued: ["-I", "-M"] }],
  [/^(ruby|jruby)$/, { language: "ruby", inline: ["-e"], valued: ["-I", "-r"] }],
  [/^php[\d.]*$/, { language: "php", inline: ["-r"], valued: ["-d", "-c"] }],
];

export function inlineCode(argv: string[], source: ParsedCommand): InlineCode | undefined {
  const [name, ...args] = argv;
  const spelling = SPELLINGS.find(([pattern]) => pattern.test(name ?? ""))?.[1];
  if (!spelling) return undefined;
  if (spelling.subcommand) {
    const at = args.indexOf(spelling.subcommand);
    return at === 0 && args[1] !== undefined
      ? { language: spelling.language, code: args.slice(1).join(" ") }
      : undefined;
  }
  const code = optionCode(args, spelling);
  if (code !== undefined) return { language: spelling.language, code };
  const runsFile = args.some(
    (arg, i) => !arg.startsWith("-") && !spelling.valued?.includes(args[i - 1] ?? ""),
  );
  return !runsFile && source.stdin !== undefined
    ? { language: spelling.language, code: source.stdin }
    : undefined;
}

/** The program given by an inline option, including clustered forms (`perl -ne CODE`, `python3 -Bc CODE`). */
function optionCode(args: string[], spelling: Spelling): string | undefined {
  const programs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--" || !arg.startsWith("-")) break;
    const long = spelling.inline.find((option) => option.startsWith("--") && arg.startsWith(`${option}=`));
    if (long) programs.push(arg.slice(long.length + 1));
    else if (spelling.inline.includes(arg) || clusterEndsWith(arg, spelling.inline)) {
      if (args[i + 1] !== undefined) programs.push(args[i + 1] as string);
      i++;
    } else if (spelling.valued?.includes(arg)) i++;
  }
  return programs.length > 0 ? programs.join("\n") : undefined;
}

function clusterEndsWith(arg: string, inline: string[]): boolean {
  return (
    /^-[A-Za-z]{2,}$/.test(arg) &&
    inline.some((option) => /^-[A-Za-z]$/.test(option) && arg.endsWith(option[1] as string))
  );
}
