// Reads inline interpreter code for what destroys work: library calls that delete trees or many files
// (shutil.rmtree, fs.rmSync with recursive, FileUtils.rm_rf, File::Path rmtree, Deno.remove …) with the
// target they name, and the shell strings handed to system/exec/subprocess/backticks, which the screen
// then reads as commands of their own.
import type { InlineCode, Language } from "./inline-code.ts";

export interface TreeDeleteCall {
  call: string;
  /** The path the call names, "~" for a home-directory expression, undefined when the code computes it. */
  target: string | undefined;
}

const STRING = `${String.raw`(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`}\`([^\`]*)\`)`;

const TREE_CALLS: Record<Language, RegExp> = {
  python: /\b(shutil\.rmtree|rmtree|os\.removedirs|send2trash)\s*\(/g,
  javascript:
    /\b(rmSync|rmdirSync|rimraf(?:\.sync)?|rmdir|rm|Deno\.removeSync|Deno\.remove|fs\.remove(?:Sync)?|emptyDirSync|emptyDir)\s*\(/g,
  perl: /\b(rmtree|remove_tree)\s*\(?/g,
  ruby: /\b(FileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?|rm_f)|rm_rf|rm_r)\s*\(?/g,
  php: /\b(rmdir_recursive|deleteDirectory|File::deleteDirectory)\s*\(/g,
};

/** Deleting every match of a listing or glob: `[os.remove(f) for f in os.listdir('.')]`, `unlink glob("*")`. */
const MASS_DELETE: Record<Language, RegExp> = {
  python: /\b(os\.remove|os\.unlink|\.unlink)\b[\s\S]*\b(listdir|glob|walk|iterdir|rglob|scandir)\b/,
  javascript:
    /\b(unlinkSync|unlink|rmSync)\b[\s\S]*\b(readdirSync|readdir|glob)\b|\b(readdirSync|readdir|glob)\b[\s\S]*\b(unlinkSync|unlink|rmSync)\b/,
  perl: /\bunlink\b[\s\S]*\b(glob|readdir)\b|<\*>/,
  ruby: /\b(File\.delete|FileUtils\.rm)\b[\s\S]*\bDir\b/,
  php: /\bunlink\b[\s\S]*\bglob\s*\(/,
};

const HOME_EXPRESSION =
  /expanduser\(\s*["']~["']\s*\)|Path\.home\(\)|os\.environ\[["']HOME["']\]|getenv\(["']HOME["']\)|process\.env\.HOME|os\.homedir\(\)|homedir\(\)|Deno\.env\.get\(["']HOME["']\)|\$ENV\{HOME\}|Dir\.home|ENV\[["']HOME["']\]/;

/** A call whose code deletes a tree, with the path it names when the code shows it. */
export function treeDeletes({ language, code }: InlineCode): TreeDeleteCall[] {
  const calls: TreeDeleteCall[] = [];
  for (const match of code.matchAll(TREE_CALLS[language])) {
    const call = match[1] as string;
    const after = code.slice(
      (match.index ?? 0) + match[0].length,
      (match.index ?? 0) + match[0].length + 200,
    );
    if (
      language === "javascript" &&
      /^(rmSync|rmdirSync|rm|rmdir)$/.test(call) &&
      !/recursive\s*:\s*true/.test(after)
    )
      continue;
    calls.push({ call, target: firstArgument(after) });
  }
  return calls;
}

function firstArgument(after: string): string | undefined {
  const head = after.trimStart();
  if (HOME_EXPRESSION.test(head.slice(0, 60)) && !/^["'`]/.test(head)) return "~";
  const literal = new RegExp(`^${STRING}`).exec(head);
  if (literal) return literal[1] ?? literal[2] ?? literal[3];
  return undefined;
}

export function deletesEveryMatch({ language, code }: InlineCode): boolean {
  return MASS_DELETE[language].test(code);
}

const SHELL_CALLS: Record<Language, RegExp[]> = {
  python: [
    new RegExp(
      `\\b(?:os\\.system|os\\.popen|subprocess\\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput))\\s*\\(\\s*[rfb]?${STRING}`,
      "g",
    ),
  ],
  javascript: [
    new RegExp(
      `\\b(?:execSync|exec|spawnSync|spawn|execFileSync|execFile|execaCommand|execaCommandSync)\\s*\\(\\s*${STRING}`,
      "g",
    ),
    /\$`([^`]*)`/g,
  ],
  perl: [new RegExp(`\\b(?:system|exec|qx)\\s*\\(?\\s*${STRING}`, "g"), /`([^`]*)`/g, /\bqx\{([^}]*)\}/g],
  ruby: [
    new RegExp(`\\b(?:system|exec|spawn|IO\\.popen|Open3\\.\\w+)\\s*\\(?\\s*${STRING}`, "g"),
    /`([^`]*)`/g,
    /%x\(([^)]*)\)/g,
  ],
  php: [
    new RegExp(`\\b(?:system|exec|shell_exec|passthru|popen|proc_open)\\s*\\(\\s*${STRING}`, "g"),
    /`([^`]*)`/g,
  ],
};

const ARGV_LIST = /\b(?:subprocess\.\w+|spawnSync|spawn|execFileSync|execFile|system)\s*\(\s*\[([^\]]*)\]/g;
const NAME_AND_ARGS =
  /\b(?:spawnSync|spawn|execFileSync|execFile)\s*\(\s*["']([^"']+)["']\s*,\s*\[([^\]]*)\]/g;

/** Shell command lines the code hands to a shell or runs as an argument list. */
export function shellStrings({ language, code }: InlineCode): string[] {
  const lines: string[] = [];
  for (const pattern of SHELL_CALLS[language])
    for (const match of code.matchAll(pattern)) {
      const text = match.slice(1).find((group) => group !== undefined);
      if (text) lines.push(unescapeCode(text));
    }
  for (const match of code.matchAll(NAME_AND_ARGS))
    lines.push([match[1], ...listItems(match[2] ?? "")].join(" "));
  for (const match of code.matchAll(ARGV_LIST)) lines.push(listItems(match[1] ?? "").join(" "));
  return lines.filter((line) => line.trim() !== "");
}

function listItems(list: string): string[] {
  return [...list.matchAll(/["']([^"']*)["']/g)].map((item) => quoteIfNeeded(item[1] as string));
}

function quoteIfNeeded(word: string): string {
  return /^[\w./~:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

function unescapeCode(text: string): string {
  return text.replace(/\\(["'\\`$])/g, "$1");
}
