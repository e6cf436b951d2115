// The tokens-after figure every page and chart shows for a compaction: the one keel recorded when pi confirmed it.
// A compaction keel never recorded is sized by the same function (src/compact/tokens-after.ts) on the spot; a row
// recorded before the figure was kept is sized once, labelled estimated, and updated so every later page reads
// the same number. A store that refuses the update (read-only) still gets the figure shown.
import { TOKENS_AFTER_BASES, type TokensAfter, tokensAfterOnBranch } from "../compact/tokens-after.ts";
import { CHARS_PER_TOKEN } from "../compact/verbatim/types.ts";
import { describeError } from "../core/errors.ts";
import { walkBranch } from "../session/branch.ts";
import type { ParsedSession } from "../session/parse.ts";
import { readSessionFile } from "../session/read-session.ts";
import { fillTokensAfter, listCompactions } from "../store/compactions.ts";
import type { Store } from "../store/db.ts";
import type { CompactionRow } from "../store/schema/index.ts";
import { rememberForParse } from "./parse-memo.ts";

/** The figure a row holds, when it was recorded with one. */
export function recordedTokensAfter(
  row: Pick<CompactionRow, "tokensAfter" | "tokensAfterBasis">,
): TokensAfter | undefined {
  const basis = TOKENS_AFTER_BASES.find((b) => b === row.tokensAfterBasis);
  return basis && row.tokensAfter !== null ? { tokens: row.tokensAfter, basis } : undefined;
}

/** Tokens after each compaction entry of a parsed session, keyed by entry id. */
export async function tokensAfterInSession(
  store: Store,
  session: ParsedSession,
): Promise<Map<string, TokensAfter>> {
  const sessionId = session.header?.id;
  const rows = sessionId ? await listCompactions(store.db, { sessionId, limit: 100_000 }) : [];
  const byEntry = new Map(rows.map((row) => [row.entryId, row]));
  const found = new Map<string, TokensAfter>();
  for (const entry of session.entries) {
    if (entry.type !== "compaction") continue;
    const row = byEntry.get(entry.id);
    const recorded = row ? recordedTokensAfter(row) : undefined;
    if (recorded) {
      found.set(entry.id, recorded);
      continue;
    }
    const computed = sizeInSession(session, entry.id);
    if (!computed) continue;
    found.set(entry.id, computed);
    if (row) await fillQuietly(store, row.id, computed);
  }
  return found;
}

/**
 * Rows recorded before the figure was kept, sized from their session file (once per file) and updated. A row
 * whose file is gone is sized from its summary alone, still estimated. Returns the rows with the figure set.
 */
export async function fillMissingTokensAfter(store: Store, rows: CompactionRow[]): Promise<CompactionRow[]> {
  const missing = rows.filter((row) => recordedTokensAfter(row) === undefined);
  if (missing.length === 0) return rows;
  const parsed = new Map<string, ParsedSession | undefined>();
  const filled = new Map<number, TokensAfter>();
  for (const row of missing) {
    const session = row.sessionFile ? await parsedOnce(parsed, row.sessionFile) : undefined;
    const after = (session && sizeInSession(session, row.entryId)) ?? {
      tokens: Math.ceil(row.summaryChars / CHARS_PER_TOKEN),
      basis: "estimated" as const,
    };
    filled.set(row.id, after);
    await fillQuietly(store, row.id, after);
  }
  return rows.map((row) => {
    const after = filled.get(row.id);
    return after ? { ...row, tokensAfter: after.tokens, tokensAfterBasis: after.basis } : row;
  });
}

/** The figure for a compaction of this parse, worked out once per parse (a page asks on every view). */
function sizeInSession(session: ParsedSession, entryId: string): TokensAfter | undefined {
  const sizes = rememberForParse(session, "tokens-after", () => new Map<string, TokensAfter | undefined>());
  if (!sizes.has(entryId)) {
    const walked = walkBranch(session, entryId);
    sizes.set(entryId, walked.ok ? tokensAfterOnBranch(walked.value.entries, entryId) : undefined);
  }
  return sizes.get(entryId);
}

async function parsedOnce(
  parsed: Map<string, ParsedSession | undefined>,
  path: string,
): Promise<ParsedSession | undefined> {
  if (!parsed.has(path)) {
    const read = await readSessionFile(path);
    parsed.set(path, read.ok ? read.value.session : undefined);
  }
  return parsed.get(path);
}

/** The update is a convenience: a store that cannot take it (read-only) is told on stderr, the page still shows. */
async function fillQuietly(store: Store, id: number, after: TokensAfter): Promise<void> {
  try {
    await fillTokensAfter(store.db, id, after);
  } catch (error) {
    process.stderr.write(
      `keel: could not keep the tokens-after figure of compaction ${id}: ${describeError(error)}\n`,
    );
  }
}
