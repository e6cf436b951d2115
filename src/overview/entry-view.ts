// One session entry in full, as lookup renders it (every section, nothing cut), served in pages of characters
// so a huge tool output opens without a huge page. The conversation view links here when it cut a body.
import { fail, ok, type Result } from "../core/result.ts";
import type { ParsedSession } from "../session/parse.ts";
import { entryHeader, renderEntryLines } from "../session/render-text.ts";

export const ENTRY_PAGE_CHARS = 50_000;

export interface EntryView {
  id: string;
  header: string;
  from: number;
  totalChars: number;
  text: string;
}

export function buildEntryView(
  session: Pick<ParsedSession, "byId">,
  entryId: string,
  options: { from?: number; chars?: number } = {},
): Result<EntryView> {
  const entry = session.byId.get(entryId);
  if (!entry) return fail(`no entry with id ${entryId} in this session`);
  const body = renderEntryLines(entry).slice(1).join("\n");
  const chars = options.chars ?? ENTRY_PAGE_CHARS;
  const wanted = Number.isFinite(options.from) ? Math.trunc(options.from ?? 0) : 0;
  const from = Math.min(Math.max(0, wanted), Math.max(0, body.length - 1));
  return ok({
    id: entry.id,
    header: entryHeader(entry),
    from,
    totalChars: body.length,
    text: body.slice(from, from + chars),
  });
}
