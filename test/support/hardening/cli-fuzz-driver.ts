// CLI-argument fuzzing, run as its own process under Bun: `bun cli-fuzz-driver.ts <seed> <cases> <session> <out>`.
// Builds seeded argument lists (real verbs, then options and values drawn from hostile pools: empty, signed,
// hex and 20-digit numbers, control characters, FIFOs, /dev/zero, long text) and runs each through runCli in
// this process. Writes {cases, badExits, throws, exits, peakRssBytes} to <out>; stdout and stderr are the caller's to
// scan (for "unexpected failure" and raw control characters). Commands that run programs or servers
// (verify, ui, install, uninstall, doctor) are left out.
import { writeFileSync } from "node:fs";
import { runCli } from "../../../src/cli/program.ts";
import { seeded } from "./random.ts";

const [seedText, casesText, session, out] = process.argv.slice(2) as [string, string, string, string];
const r = seeded(Number(seedText));

const VERBS = [
  ["compact"],
  ["lookup", "list"],
  ["lookup", "grep"],
  ["lookup", "show"],
  ["protect"],
  ["status"],
  ["note"],
  ["journal"],
  ["contract", "list"],
  ["contract", "add"],
  ["contract", "remove"],
  ["audit"],
  ["loops"],
  ["diff"],
  ["screen"],
  ["orientation"],
  ["preflight"],
  ["budget"],
  ["store", "check"],
  ["memory", "status"],
  ["memory", "search"],
  ["memory", "read"],
  ["memory", "record"],
  ["memory", "supersede"],
  ["memory", "retention"],
  ["memory", "policy"],
  ["memory", "cleanup", "plan"],
  ["memory", "cleanup", "apply"],
  ["evidence"],
  ["help"],
  [],
];
const OPTIONS = [
  "--json",
  "-n",
  "--limit",
  "--cursor",
  "--id",
  "--global",
  "--replace",
  "--max-bytes",
  "--window",
  "--cap",
  "--at",
  "--leaf",
  "--type",
  "--tags",
  "--title",
  "-k",
  "--kind",
  "--body",
  "--body-file",
  "--proposal",
  "--token",
  "--timeout",
  "--pin",
  "--expires",
  "-t",
  "--link",
  "--supersedes",
  "--",
  "-h",
  "--version",
];
const VALUES = [
  "",
  " ",
  "-0",
  "0x10",
  "+5",
  "99999999999999999999",
  "-1",
  "1e3",
  "NaN",
  "3",
  "note",
  "decision",
  "fact",
  "never",
  "50%",
  "10tokens",
  "/dev/zero",
  "/tmp",
  "-",
  "\u001b]0;x\u0007",
  "a\nb",
  "../../etc/passwd",
];

function value(): string {
  if (r.chance(0.15)) return session;
  if (r.chance(0.1)) return "x".repeat(r.int(100_000));
  return r.chance(0.6) ? r.pick(VALUES) : r.text(12);
}

function argv(): string[] {
  const args = [...r.pick(VERBS)];
  const extra = r.int(6);
  for (let i = 0; i < extra; i++) {
    if (r.chance(0.5)) args.push(r.pick(OPTIONS));
    args.push(value());
  }
  return args;
}

const cases = Number(casesText);
const badExits: string[] = [];
const throws: string[] = [];
const exits: Record<string, number> = {};
let peak = process.memoryUsage().rss;
for (let i = 0; i < cases; i++) {
  const args = argv();
  try {
    const code = await runCli(args);
    exits[code] = (exits[code] ?? 0) + 1;
    if (![0, 1, 2].includes(code)) badExits.push(`case ${i}: exit ${code}`);
  } catch (error) {
    throws.push(`case ${i}: ${(error as Error)?.message ?? String(error)}`.slice(0, 300));
  }
  peak = Math.max(peak, process.memoryUsage().rss);
}
writeFileSync(out, JSON.stringify({ cases, badExits, throws, exits, peakRssBytes: peak }));
