// The table of keel's top-level verbs: name, how `keel --help` lists it, and a loader for the module that
// registers it. A run loads only the module of the verb it names, so a command pays for its own imports alone;
// `--help` and "unknown command" are answered from this table. test/cli/command-table.test.ts checks that each
// row matches what its module registers. A module that registers several verbs (verify and evidence) is the
// loader of each of them.
import type { Register } from "./register.ts";

export interface CommandEntry {
  name: string;
  /** The verb as `keel --help` lists it: name, "[options]" when it has any, then its arguments. */
  term: string;
  summary: string;
  /** Command lines shown under "Examples:" in the verb's own help. */
  examples?: readonly string[];
  load: () => Promise<Register>;
}

const batch = async (): Promise<Register> => {
  const [{ registerBatch }, { runCli }] = await Promise.all([import("./batch.ts"), import("./program.ts")]);
  return (program, contextFor) => registerBatch(program, contextFor, runCli);
};

/** In `keel --help` order. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "install",
    term: "install [options]",
    summary: "write keel's pi extension and register it in this project (or for the user with --global)",
    examples: ["keel install", "keel install --global"],
    load: () => import("./install.ts").then((m) => m.registerInstall),
  },
  {
    name: "uninstall",
    term: "uninstall [options]",
    summary: "remove keel's pi extension from this project (or from the user settings with --global)",
    load: () => import("./install.ts").then((m) => m.registerInstall),
  },
  {
    name: "completion",
    term: "completion <shell>",
    summary: "print a shell completion script (bash, zsh or fish)",
    examples: ["source <(keel completion bash)"],
    load: () => import("./completion.ts").then((m) => m.registerCompletion),
  },
  {
    name: "doctor",
    term: "doctor",
    summary: "check that pi, Node, the extension and the store are ready (exit 1 when a check fails)",
    examples: ["keel doctor", "keel doctor --json"],
    load: () => import("./doctor.ts").then((m) => m.registerDoctor),
  },
  {
    name: "status",
    term: "status [options]",
    summary: "show this project's identity, keel's store and recent compactions",
    examples: ["keel status", "keel status --json | jq .store"],
    load: () => import("./status.ts").then((m) => m.registerStatus),
  },
  {
    name: "ui",
    term: "ui [options]",
    summary: "serve keel's local web UI on 127.0.0.1 (Ctrl+C stops it)",
    examples: ["keel ui --open", "keel ui --demo"],
    load: () => import("./ui.ts").then((m) => m.registerUi),
  },
  {
    name: "store",
    term: "store",
    summary: "inspect keel's store",
    load: () => import("./store.ts").then((m) => m.registerStore),
  },
  {
    name: "storage",
    term: "storage [options]",
    summary: "list keel's stored tool-output artifacts per session, with bytes and checks (read-only)",
    load: () => import("./storage.ts").then((m) => m.registerStorage),
  },
  {
    name: "compact",
    term: "compact [options] <session>",
    summary: "render the verbatim checkpoint keel would write for a pi session file",
    examples: ["keel compact <session.jsonl>", "keel compact --cap 25% <session.jsonl>"],
    load: () => import("./compact.ts").then((m) => m.registerCompact),
  },
  {
    name: "lookup",
    term: "lookup",
    summary:
      "search a pi session file the way keel's recovery tools do (every unconnected part, or the branch --leaf names)",
    examples: [
      "keel lookup entries ~/.pi/agent/sessions/<project>/<file>.jsonl",
      'keel lookup grep <session.jsonl> "ECONNREFUSED" -A 3',
    ],
    load: () => import("./lookup.ts").then((m) => m.registerLookup),
  },
  {
    name: "protect",
    term: "protect [options] <session>",
    summary:
      "show the protected items of a pi session file and how each compaction verified them (exit 1 when the latest lost critical items)",
    load: () => import("./protect.ts").then((m) => m.registerProtect),
  },
  {
    name: "extract",
    term: "extract [options] <session>",
    summary: "extract goal, rules, decisions, files, errors and open loops from a pi session file",
    load: () => import("./extract.ts").then((m) => m.registerExtract),
  },
  {
    name: "verify",
    term: "verify [options] <command...>",
    summary:
      "run a command and record its result as evidence (exit 1 when it fails or its exit code is masked)",
    examples: ['keel verify "npm test"', 'keel verify --timeout 600 "cargo test --workspace"'],
    load: () => import("./verify.ts").then((m) => m.registerVerify),
  },
  {
    name: "evidence",
    term: "evidence [options] [number]",
    summary: "list recent evidence runs, or show one in full",
    load: () => import("./verify.ts").then((m) => m.registerVerify),
  },
  {
    name: "note",
    term: "note [options] <type> <text...>",
    summary: "journal a decision | correction | note | lesson as the owner (trusted)",
    load: () => import("./journal.ts").then((m) => m.registerJournal),
  },
  {
    name: "journal",
    term: "journal [options]",
    summary: "list journal entries, newest first",
    load: () => import("./journal.ts").then((m) => m.registerJournal),
  },
  {
    name: "contract",
    term: "contract",
    summary: "the rules keel puts in front of the agent",
    examples: ['keel contract add "Never edit generated files under gen/"', "keel contract list"],
    load: () => import("./contract.ts").then((m) => m.registerContract),
  },
  {
    name: "diff",
    term: "diff [options]",
    summary: "audit how much changed against a baseline commit (exit 1 on warn or hard)",
    load: () => import("./audit.ts").then((m) => m.registerAudit),
  },
  {
    name: "loops",
    term: "loops",
    summary: "commands failing again and again in this project's sessions (exit 1 when any)",
    load: () => import("./audit.ts").then((m) => m.registerAudit),
  },
  {
    name: "screen",
    term: "screen [options] <command...>",
    summary: "tell whether a shell command is destructive, without running it (exit 1 when it is)",
    examples: ['keel screen "rm -rf build"', 'keel screen --explain --cwd . "git checkout -- src/app.ts"'],
    load: () => import("./screen.ts").then((m) => m.registerScreen),
  },
  {
    name: "hook",
    term: "hook [options] <host>",
    summary: "answer another agent host's pre-tool-use hook with the destructive-command screen",
    examples: ["keel hook claude < pre-tool-use.json"],
    load: () => import("./screen.ts").then((m) => m.registerScreen),
  },
  {
    name: "orientation",
    term: "orientation",
    summary: "where this project stands: conventions, git, contract, journal and evidence",
    load: () => import("./orientation.ts").then((m) => m.registerOrientation),
  },
  {
    name: "preflight",
    term: "preflight",
    summary:
      "check that guard can work here: git, a baseline commit, a shell, readable contract files (exit 1 if not)",
    load: () => import("./orientation.ts").then((m) => m.registerOrientation),
  },
  {
    name: "budget",
    term: "budget",
    summary: "the size of the brief keel injects, against its caps",
    load: () => import("./orientation.ts").then((m) => m.registerOrientation),
  },
  {
    name: "memory",
    term: "memory",
    summary: "project memory: records that outlive sessions",
    examples: [
      'keel memory search "how do we store money"',
      'keel memory record --title "Money is integer cents" --kind decision --body "..."',
    ],
    load: () => import("./memory.ts").then((m) => m.registerMemory),
  },
  {
    name: "mcp",
    term: "mcp [options]",
    summary: "serve keel's tools to an MCP host on stdio (guard, memory, session recall)",
    load: () => import("./mcp.ts").then((m) => m.registerMcp),
  },
  {
    name: "batch",
    term: "batch [options]",
    summary: "run JSON-lines requests from stdin in one process; one JSON answer line each, in order",
    examples: ['echo \'{"id":1,"command":["memory","search","cents"]}\' | keel batch'],
    load: batch,
  },
];

/** The verb an argv names: its first word that is not an option (`help <verb>` names `<verb>`). */
export function verbOf(argv: readonly string[]): string | undefined {
  const words = argv.filter((arg) => !arg.startsWith("-"));
  return words[0] === "help" ? words[1] : words[0];
}

export function findCommand(name: string | undefined): CommandEntry | undefined {
  return name === undefined ? undefined : COMMANDS.find((entry) => entry.name === name);
}

/**
 * The words of `keel screen [--json] <word…>` when argv holds nothing else, so the hot path can skip commander;
 * undefined for anything commander must parse (any other option, `--`, a word starting with "-").
 */
export function screenWords(argv: readonly string[]): string[] | undefined {
  const rest = argv.filter((arg) => arg !== "--json");
  if (rest[0] !== "screen" || rest.length < 2) return undefined;
  const words = rest.slice(1);
  return words.some((word) => word.startsWith("-")) ? undefined : words;
}

/** A verb run without commander (hosts call these once per tool call): its argv held nothing else. */
export type HotVerb =
  | { verb: "screen"; words: string[] }
  | { verb: "status" }
  | { verb: "memory search"; words: string[] };

/**
 * `keel screen <word…>`, `keel status` and `keel memory search <word…>`, each with at most --json, as a hot verb;
 * undefined for anything else, which commander parses (any other option, `--`, a word starting with "-").
 */
export function hotVerb(argv: readonly string[]): HotVerb | undefined {
  const words = screenWords(argv);
  if (words) return { verb: "screen", words };
  const rest = argv.filter((arg) => arg !== "--json");
  if (rest.some((word) => word.startsWith("-"))) return undefined;
  if (rest.length === 1 && rest[0] === "status") return { verb: "status" };
  if (rest.length > 2 && rest[0] === "memory" && rest[1] === "search")
    return { verb: "memory search", words: rest.slice(2) };
  return undefined;
}
