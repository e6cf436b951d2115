// The conversation view's data: over the session real pi wrote for the demo (turns, a tool call with its
// result folded in, keel's markers, compactions) and over hand-made files for what that one lacks: a second
// branch, an error result, thinking, a trim record, bodies past the bound, and paging.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BODY_CHARS,
  buildConversationView,
  CONVERSATION_PAGE,
  type ConversationItem,
  PAGE_CHARS,
} from "../../src/overview/conversation-view.ts";
import { buildEntryView, ENTRY_PAGE_CHARS } from "../../src/overview/entry-view.ts";
import { parseSessionText } from "../../src/session/parse.ts";
import { REPO_ROOT } from "../support/cli.ts";

const demo = parseSessionText(readFileSync(join(REPO_ROOT, "test/fixtures/ui-demo/session.jsonl"), "utf8"));

const HEADER = {
  type: "session",
  version: 3,
  id: "conv-test",
  timestamp: "2026-12-01T10:00:00.000Z",
  cwd: "/p",
};
let clock = 0;
function entry(id: string, parentId: string | null, fields: Record<string, unknown>): string {
  clock += 1;
  return JSON.stringify({
    id,
    parentId,
    timestamp: new Date(1_800_000_000_000 + clock).toISOString(),
    ...fields,
  });
}
const user = (id: string, parent: string | null, text: string) =>
  entry(id, parent, { type: "message", message: { role: "user", content: [{ type: "text", text }] } });
const sessionOf = (...lines: string[]) =>
  parseSessionText(`${[JSON.stringify(HEADER), ...lines].join("\n")}\n`);

function only<K extends ConversationItem["kind"]>(
  items: ConversationItem[],
  kind: K,
): Extract<ConversationItem, { kind: K }>[] {
  return items.filter((i): i is Extract<ConversationItem, { kind: K }> => i.kind === kind);
}

describe("the conversation of the demo session", () => {
  const view = buildConversationView(demo, { page: 1_000 });

  it("shows the user's turns in order and folds each tool result into its call", () => {
    expect(only(view.items, "user").map((u) => u.text.text.slice(0, 7))).toEqual([
      "Step 1:",
      "remembe",
      "Step 2:",
      "Step 3:",
      "note th",
      "Step 4:",
      "remembe",
      "Step 5:",
    ]);
    const calls = only(view.items, "assistant").flatMap((a) => a.toolCalls);
    expect(calls.map((c) => [c.name, c.outcome, c.resultId])).toEqual([
      ["keel_memory", "ok", "fa9cd884"],
      ["keel_note", "ok", "8fe9b85a"],
      ["keel_memory", "ok", "2649ebda"],
    ]);
    expect(calls[1]?.output?.text).toContain("journaled");
    expect(calls[1]?.summary).toContain("the discount tests need the EUR locale");
    expect(view.items.some((i) => i.id === "fa9cd884")).toBe(false);
  });

  it("labels keel's events and ties verifications to their compaction", () => {
    const keel = only(view.items, "keel");
    expect(keel.filter((k) => k.customType === "keel.guard.brief").map((k) => k.marker.label)).toEqual([
      "Brief injected",
      "Brief injected",
      "Brief injected",
      "Brief injected",
    ]);
    const verified = keel.filter((k) => k.customType === "keel.protect.verified");
    expect(verified.map((k) => [k.marker.compactionId, k.marker.label])).toEqual([
      ["70d60195", "Compaction verified: 0 preserved, 3 lost, 2 restored"],
      ["1dea451f", "Compaction verified: 3 preserved, 0 lost, 0 restored"],
    ]);
    expect(keel.find((k) => k.customType === "keel.protect.recovery")?.body.text).toContain("phpstan");
    expect(only(view.items, "compaction").map((c) => [c.id, c.strategy, c.tokensBefore])).toEqual([
      ["70d60195", "native", 4969],
      ["1dea451f", "verbatim", 5329],
    ]);
  });
});

describe("a hand-made session", () => {
  const big = "x".repeat(BODY_CHARS + 5_000);
  const session = sessionOf(
    user("u1", null, "first question"),
    user("dead", "u1", "a branch the user left"),
    entry("a1", "u1", {
      type: "message",
      message: {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "let me look" },
          { type: "text", text: "Reading it." },
          { type: "toolCall", id: "c1", name: "bash", arguments: { command: "cat big.log" } },
          { type: "toolCall", id: "c2", name: "read", arguments: { path: "missing.txt" } },
        ],
      },
    }),
    entry("r1", "a1", {
      type: "message",
      message: {
        role: "toolResult",
        toolCallId: "c1",
        toolName: "bash",
        content: [{ type: "text", text: big }],
      },
    }),
    entry("r2", "r1", {
      type: "message",
      message: {
        role: "toolResult",
        toolCallId: "c2",
        toolName: "read",
        isError: true,
        content: [{ type: "text", text: "ENOENT" }],
      },
    }),
    entry("t1", "r2", {
      type: "custom",
      customType: "keel.recall.trim",
      data: { cause: "idle", savedChars: 1234, targets: ["r1", "r2"] },
    }),
    entry("e1", "t1", { type: "context_edit", targetId: "r1", replacement: null }),
    entry("o1", "e1", {
      type: "message",
      message: { role: "toolResult", toolCallId: "gone", toolName: "grep", content: "orphan output" },
    }),
  );
  const view = buildConversationView(session);

  it("follows the current leaf's branch only, and hides tree bookkeeping", () => {
    expect(view.leafId).toBe("o1");
    expect(view.items.map((i) => i.id)).toEqual(["u1", "a1", "t1", "o1"]);
  });

  it("folds thinking, bounds a long output and marks an error result", () => {
    const assistant = only(view.items, "assistant")[0];
    expect(assistant?.thinking?.text).toBe("let me look");
    expect(assistant?.text.text).toBe("Reading it.");
    const [bash, read] = assistant?.toolCalls ?? [];
    expect(bash?.summary).toBe("cat big.log");
    expect(bash?.output?.text.length).toBe(BODY_CHARS);
    expect(bash?.output?.totalChars).toBe(big.length);
    expect([read?.summary, read?.outcome, read?.output?.text]).toEqual(["missing.txt", "error", "ENOENT"]);
  });

  it("labels a trim and shows a result whose call is off the branch on its own", () => {
    expect(only(view.items, "keel")[0]?.marker.label).toBe("Trimmed 2 outputs (1,234 chars saved)");
    expect(only(view.items, "tool-result")[0]).toMatchObject({ toolName: "grep", outcome: "ok" });
  });

  it("opens an entry in full, one page of characters at a time", () => {
    const first = buildEntryView(session, "r1");
    const second = buildEntryView(session, "r1", { from: ENTRY_PAGE_CHARS });
    expect(first.ok && first.value.totalChars).toBeGreaterThan(BODY_CHARS);
    expect(first.ok && first.value.text).toContain("x".repeat(100));
    expect(second.ok && second.value.from).toBe(
      Math.min(ENTRY_PAGE_CHARS, (first.ok ? first.value.totalChars : 0) - 1),
    );
    expect(buildEntryView(session, "nope")).toEqual({
      ok: false,
      reason: "no entry with id nope in this session",
    });
  });
});

describe("paging", () => {
  it("cuts a long branch into pages and clamps a bad offset", () => {
    const lines: string[] = [];
    for (let i = 0; i < 250; i++) lines.push(user(`m${i}`, i === 0 ? null : `m${i - 1}`, `turn ${i}`));
    const session = sessionOf(...lines);
    const second = buildConversationView(session, { offset: CONVERSATION_PAGE });
    expect([second.total, second.offset, second.items.length]).toEqual([250, 100, 100]);
    expect(second.items[0]?.id).toBe("m100");
    expect(buildConversationView(session, { offset: 9_999 }).items.map((i) => i.id)).toEqual(["m249"]);
    expect(buildConversationView(session, { offset: Number.NaN }).offset).toBe(0);
  });
});

describe("a page's weight", () => {
  it("shows each body whole up to the bound until the page's budget is spent, then only its start", () => {
    const lines: string[] = [];
    for (let i = 0; i < 10; i++)
      lines.push(user(`w${i}`, i === 0 ? null : `w${i - 1}`, "y".repeat(BODY_CHARS + 1)));
    const shown = buildConversationView(sessionOf(...lines)).items.map((i) =>
      i.kind === "user" ? i.text : null,
    );
    const full = Math.ceil(PAGE_CHARS / BODY_CHARS);
    expect(shown.slice(0, full).every((t) => t?.text.length === BODY_CHARS)).toBe(true);
    expect(
      shown.slice(full).every((t) => t !== null && t.text.length < 1_000 && t.totalChars === BODY_CHARS + 1),
    ).toBe(true);
  });
});
