// Lookup over the raw branch: paged listing, grep with spoof-proof attribution, and entry pages by lines and chars.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import { buildTranscript, lookupEntries, lookupEntry, lookupGrep } from "../../src/recall/lookup/index.ts";
import { GREP_PAGE_CHARS } from "../../src/recall/lookup/lookup.ts";
import { walkBranch } from "../../src/session/branch.ts";
import { parseSessionText } from "../../src/session/parse.ts";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "sessions");

function transcriptOf(text: string) {
  const walked = walkBranch(parseSessionText(text));
  if (!walked.ok) throw new Error(walked.reason);
  return buildTranscript(walked.value.entries);
}

const small = () => transcriptOf(readFileSync(join(FIXTURES, "small-hand.jsonl"), "utf8"));

describe("grep", () => {
  it("attributes matches by the index, not by ENTRY-like text inside tool output", async () => {
    const page = await lookupGrep(small(), { pattern: "PLANTED-SYMBOL-7", before: 3, after: 1 });
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    expect(page.value.matches).toHaveLength(1);
    const match = page.value.matches[0]!;
    expect(match).toMatchObject({ entryId: "a0000003", role: "toolResult", lineInEntry: 6 });
    expect(match.before).toEqual([
      "cc -o app main.o",
      "ENTRY a0000001  user  2026-02-01T10:00:01.000Z",
      "[text]",
    ]);
    const headers = await lookupGrep(small(), { pattern: "^ENTRY a0000001", regex: true });
    expect(headers.ok && headers.value.matches.map((m) => m.entryId)).toEqual(["a0000001", "a0000003"]);
  });

  it("finds thinking after compaction, supports literal and case-sensitive search, and rejects bad patterns", async () => {
    const t = small();
    const thinking = await lookupGrep(t, { pattern: "planted-reason-42" });
    expect(thinking.ok && thinking.value.matches[0]).toMatchObject({
      entryId: "a0000002",
      role: "assistant",
      lineInEntry: 3,
    });
    expect(await lookupGrep(t, { pattern: "planted-reason-42", caseSensitive: true })).toMatchObject({
      ok: true,
      value: { matches: [] },
    });
    const literal = await lookupGrep(t, { pattern: '<compacted-span n="1">', regex: false });
    expect(literal.ok && literal.value.matches[0]?.entryId).toBe("a0000003");
    expect(await lookupGrep(t, { pattern: "(unclosed" })).toEqual({
      ok: false,
      reason: expect.stringMatching(/invalid pattern: .*missing closing \)/),
    });
    expect((await lookupGrep(t, { pattern: "x", entryId: "nope" })).ok).toBe(false);
    expect((await lookupGrep(t, { pattern: "x", cursor: "bogus" })).ok).toBe(false);
  });

  it("pages through many matches with cursors and stays within its character budget", async () => {
    const b = createSessionBuilder();
    for (let i = 0; i < 60; i++) b.user(`needle ${i} ${"h".repeat(i % 3 === 0 ? 2000 : 10)}`);
    const t = transcriptOf(b.toJsonl());
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await lookupGrep(t, { pattern: "needle", cursor, maxMatches: 20, before: 0, after: 0 });
      if (!page.ok) throw new Error(page.reason);
      expect(JSON.stringify(page.value.matches).length).toBeLessThanOrEqual(GREP_PAGE_CHARS);
      seen.push(...page.value.matches.map((m) => m.entryId));
      cursor = page.value.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    expect(pages).toBeGreaterThanOrEqual(3);
  });

  it("runs a pattern that backtracks for minutes in JavaScript in linear time, and names RE2's limits", async () => {
    const b = createSessionBuilder();
    b.user(`${"x".repeat(40_000)}#`);
    b.user("a line without the mark");
    const t = transcriptOf(b.toJsonl());
    const page = await lookupGrep(t, { pattern: "(.*){1,1000}#", before: 0, after: 0 });
    expect(page.ok && page.value.matches.map((m) => m.lineInEntry)).toEqual([3]);
    expect(await lookupGrep(t, { pattern: "(?=x)y" })).toEqual({
      ok: false,
      reason: expect.stringMatching(/invalid pattern: .*RE2 syntax: no lookahead or backreferences/),
    });
    const huge = await lookupGrep(t, {
      pattern: "(.*){1,1000}(.*){1,1000}(.*){1,1000}(.*){1,1000}(.*){1,1000}#",
    });
    expect(huge.ok ? "" : huge.reason).toMatch(/too complex|did not start within its time budget/);
  }, 60_000);
});

describe("list and show", () => {
  it("lists entries with previews, pages by cursor and filters by role", () => {
    const t = small();
    const first = lookupEntries(t, { limit: 4 });
    expect(first.ok && first.value).toMatchObject({ total: 9, nextCursor: "e:4" });
    expect(first.ok && first.value.entries[0]).toMatchObject({
      id: "a0000001",
      role: "user",
      preview: "Why does the build fail?",
    });
    const rest = lookupEntries(t, { cursor: "e:4", limit: 50 });
    expect(rest.ok && rest.value.entries.map((e) => e.id)).toEqual([
      "a0000005",
      "a0000006",
      "a0000007",
      "a0000008",
      "a0000009",
    ]);
    expect(rest.ok && rest.value.nextCursor).toBeNull();
    const users = lookupEntries(t, { role: "user" });
    expect(users.ok && users.value.entries.map((e) => e.id)).toEqual(["a0000001", "a0000006", "a0000009"]);
  });

  it("shows an entry in line pages and splits an overlong line into character windows", () => {
    const b = createSessionBuilder();
    const { callIds } = b.assistant({ calls: [{ name: "bash", args: { command: "cat big" } }] });
    const huge = "q".repeat(50_000);
    const id = b.toolResult(
      callIds[0]!,
      "bash",
      `${Array.from({ length: 30 }, (_, i) => `row ${i}`).join("\n")}\n${huge}\nlast row`,
    );
    const t = transcriptOf(b.toJsonl());
    const firstPage = lookupEntry(t, { id, maxLines: 10 });
    expect(firstPage.ok && firstPage.value).toMatchObject({
      fromLine: 1,
      totalLines: 34,
      nextCursor: "s:10:0",
    });
    let text = "";
    let cursor: string | undefined;
    do {
      const page = lookupEntry(t, { id, cursor, maxChars: 10_000 });
      if (!page.ok) throw new Error(page.reason);
      expect(page.value.text.length).toBeLessThanOrEqual(10_000);
      text += page.value.fromChar > 0 ? page.value.text : (text ? "\n" : "") + page.value.text;
      cursor = page.value.nextCursor ?? undefined;
    } while (cursor);
    expect(text).toContain(huge);
    expect(text.endsWith("last row")).toBe(true);
    expect(lookupEntry(t, { id: "nope" }).ok).toBe(false);
  });
});

describe("list previews", () => {
  it("show the calls of a turn that only calls tools, and the text of a turn that has some", () => {
    const b = createSessionBuilder();
    b.user("look around");
    const onlyCalls = b.assistant({
      calls: [
        { name: "read", args: { path: "src/a.ts" } },
        { name: "bash", args: { command: "ls" } },
      ],
    }).id;
    const withText = b.assistant({ text: "Checking.", calls: [{ name: "read", args: { path: "b.ts" } }] }).id;
    const page = lookupEntries(transcriptOf(b.toJsonl()));
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    const previewOf = (id: string) => page.value.entries.find((entry) => entry.id === id)?.preview;
    expect(previewOf(onlyCalls)).toBe('calls: read {"path":"src/a.ts"}; bash {"command":"ls"}');
    expect(previewOf(withText)).toBe("Checking.");
  });
});
