// Facts about the UI demo fixture (test/fixtures/ui-demo, written by scripts/fixtures/ui-demo.ts from real pi)
// that tests address pages by: the sessions' ids and the compactions' entry ids, read from the files themselves so
// a regenerated demo needs no edits to the tests that open it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compactionDetailsOf } from "../../src/compact/details.ts";
import { type ParsedSession, parseSessionText } from "../../src/session/parse.ts";
import { REPO_ROOT } from "./cli.ts";

export const DEMO_DIR = join(REPO_ROOT, "test/fixtures/ui-demo");

const names = (JSON.parse(readFileSync(join(DEMO_DIR, "store.json"), "utf8")) as { sessions: string[] })
  .sessions;

/** The demo's sessions, oldest first, parsed. */
export const DEMO_SESSIONS: ParsedSession[] = names.map((name) =>
  parseSessionText(readFileSync(join(DEMO_DIR, name), "utf8")),
);

const idOf = (s: ParsedSession | undefined): string => s?.header?.id ?? "";
const compactionOf = (strategy: string): string =>
  DEMO_SESSIONS[0]?.entries.find(
    (e) => e.type === "compaction" && compactionDetailsOf(e as never).strategy === strategy,
  )?.id ?? "";

/** The first session: the bug, the fix, both compactions. */
export const SESSION = idOf(DEMO_SESSIONS[0]);
/** The second session: project memory found again. */
export const SECOND_SESSION = idOf(DEMO_SESSIONS[1]);
/** The native compaction that lost critical protected items (restored after). */
export const NATIVE = compactionOf("native");
/** The verbatim checkpoint. */
export const VERBATIM = compactionOf("verbatim");
