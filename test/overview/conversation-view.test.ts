// The conversation view's data: over the session real pi wrote for the demo (turns, tool calls with their results
// folded in, edits as diffs, refused calls, keel's markers, compactions), over the demo's second session for the
// branch real pi made when the user went back up the tree, and over hand-made files for what those lack: an error
// result, bodies past the bound, and paging.
import { describe, expect, it } from "vitest";
import { listBranchChoices } from "../../src/overview/branch-choices.ts";
import {
  BODY_CHARS,
  buildConversationView,
  CONVERSATION_PAGE,
  type ConversationItem,
  PAGE_CHARS,
} from "../../src/overview/conversation-view.ts";
import { buildEntryView, ENTRY_PAGE_CHARS } from "../../src/overview/entry-view.ts";
import { type ParsedSession, parseSessionText } from "../../src/session/parse.ts";
import { DEMO_SESSIONS, NATIVE, VERBATIM } from "../support/demo-facts.ts";

const demo = DEMO_SESSIONS[0] as ParsedSession;

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
  const calls = only(view.items, "assistant").flatMap((a) => a.toolCalls);

  it("shows the user's turns in order and folds each tool result into its call", () => {
    expect(only(view.items, "user").map((u) => u.text.text.slice(0, 12))).toEqual([
      "Our accounta",
      "Makes sense.",
      "remember tha",
      "Go ahead and",
      "Does tax hav",
      "Run the lint",
      "Leave it. Ti",
      "That one can",
      "Write the pu",
    ]);
    expect(calls.map((c) => `${c.name}:${c.outcome}`)).toEqual([
      "read:ok",
      "read:ok",
      "edit:ok",
      "bash:error",
      "keel_memory:ok",
      "edit:ok",
      "bash:ok",
      "bash:ok",
      "bash:error",
      "bash:error",
      "bash:refused",
      "bash:refused",
      "bash:ok",
      "bash:ok",
    ]);
    expect(calls.every((c) => c.resultId !== null && !view.items.some((i) => i.id === c.resultId))).toBe(
      true,
    );
  });

  it("shows each edit as the unified diff pi recorded, with what it added and removed", () => {
    const [tests, fix] = calls.filter((c) => c.name === "edit").map((c) => c.patch);
    expect(tests).toMatchObject({ path: "test/invoice.test.js", source: "pi", removed: 0 });
    expect(tests?.lines.filter((l) => l.kind === "add").map((l) => l.text)).toContain(
      "+  assert.equal(invoiceTotal(lines, { discountPercent: 10 }), 900);",
    );
    expect(fix).toMatchObject({ path: "src/invoice.js", source: "pi", removed: 1 });
    expect(fix?.lines.some((l) => l.kind === "hunk" && /^@@ -\d+,\d+ \+\d+,\d+ @@/.test(l.text))).toBe(true);
    expect(fix?.lines.find((l) => l.kind === "del")?.text).toContain(
      "applyDiscount(lineTotal(line), discountPercent), 0);",
    );
    expect(calls.filter((c) => c.name !== "edit").every((c) => c.patch === null)).toBe(true);
  });

  it("marks the loop brake's refusal and the user's declined destructive command as refusals, not errors", () => {
    const refused = calls.filter((c) => c.outcome === "refused");
    expect(refused.map((c) => [c.summary, c.refusal])).toEqual([
      ["node scripts/lint.js", "refused by keel: loop brake"],
      ["git clean -fdx", "refused by the user"],
    ]);
  });

  it("labels keel's events and ties verifications to their compaction", () => {
    const keel = only(view.items, "keel");
    const labels = keel.map((k) => k.marker.label);
    expect(labels.filter((l) => l === "Brief injected").length).toBeGreaterThanOrEqual(5);
    expect(labels).toContain("Trimmed 1 output (9,027 chars saved)");
    expect(labels.filter((l) => l.startsWith("Destructive command"))).toEqual([
      "Destructive command asked: declined by the user (deletes untracked files (git clean -fdx))",
      "Destructive command asked: approved by the user (deletes untracked files (git clean -f -- notes-rounding.txt))",
    ]);
    const verified = keel.filter((k) => k.customType === "keel.protect.verified");
    expect(verified.map((k) => [k.marker.compactionId, k.marker.label])).toEqual([
      [NATIVE, "Compaction verified: 0 preserved, 3 lost, 2 restored"],
      [VERBATIM, "Compaction verified: 3 preserved, 0 lost, 0 restored"],
    ]);
    expect(keel.find((k) => k.customType === "keel.protect.recovery")?.body.text).toContain(
      "Keep the exported functions of src/invoice.js",
    );
    expect(only(view.items, "compaction").map((c) => [c.id, c.strategy])).toEqual([
      [NATIVE, "native"],
      [VERBATIM, "verbatim"],
    ]);
  });
});

describe("the demo's second session", () => {
  const second = DEMO_SESSIONS[1] as ParsedSession;
  const texts = (view: ReturnType<typeof buildConversationView>) =>
    view.items.map((i) => (i.kind === "user" || i.kind === "assistant" ? i.text.text : i.kind)).join("\n");

  it("has the branch pi wrote when the user went back: the current leaf by default, the one left to pick", () => {
    const branches = listBranchChoices(second);
    expect(branches.leaves).toBe(2);
    const [current, left] = branches.choices;
    expect([current?.current, current?.name]).toEqual([
      true,
      expect.stringMatching(/^Agreed\. remember that/),
    ]);
    expect([left?.current, left?.name]).toEqual([
      false,
      expect.stringMatching(/^What if the minimum applied/),
    ]);
    const shown = buildConversationView(second);
    expect(shown.leafId).toBe(current?.leafId);
    expect(texts(shown)).not.toContain("What if the minimum");
    expect(only(shown.items, "note").find((n) => n.label === "Branch summary")?.body?.text).toContain(
      "Not after tax",
    );
    const picked = buildConversationView(second, { leafId: left?.leafId });
    expect(texts(picked)).toContain("the tax line stops adding up");
    expect(texts(picked)).not.toContain("Recorded next to the rounding decision.");
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

  it("follows a picked leaf's branch instead, and lists both leaves to pick from, the current one marked", () => {
    const picked = buildConversationView(session, { leafId: "dead" });
    expect([picked.leafId, picked.items.map((i) => i.id)]).toEqual(["dead", ["u1", "dead"]]);
    expect(buildConversationView(session).items.map((i) => i.id)).toEqual(["u1", "a1", "t1", "o1"]);
    expect(listBranchChoices(session)).toEqual({
      leaves: 2,
      choices: [
        { leafId: "o1", name: "first question", timestamp: expect.any(String), current: true },
        { leafId: "dead", name: "a branch the user left", timestamp: expect.any(String), current: false },
      ],
    });
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
