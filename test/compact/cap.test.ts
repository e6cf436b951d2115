// The size cap: units, each trimming stage in order, the 500-character floor, marking, and fixed overhead.
import { describe, expect, it } from "vitest";
import { generateSession } from "../../scripts/fixtures/generate-sessions.ts";
import { createSessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import {
  capLimitChars,
  GAP_MARKER,
  MIN_LINE_BUDGET,
  parseCap,
  trimSpans,
} from "../../src/compact/verbatim/cap.ts";
import { renderCheckpoint } from "../../src/compact/verbatim/index.ts";
import { walkBranch } from "../../src/session/branch.ts";
import { parseSessionText } from "../../src/session/parse.ts";
import { compactWithKeel, render, spanBody } from "./scenario.ts";

function chatty(longUser = 2000) {
  const b = createSessionBuilder();
  b.user(`OLDEST-USER ${"u".repeat(longUser)}`);
  for (let i = 0; i < 10; i++) b.assistant({ text: `assistant line ${i} ${"a".repeat(100)}` });
  b.user(`NEWER-USER ${"v".repeat(longUser)}`);
  b.assistant({ text: "closing remark" });
  const kept = b.user("tail");
  return { b, kept };
}

describe("cap settings", () => {
  it("parses chars, tokens and percent and converts them to characters", () => {
    expect(parseCap("3000")).toEqual({ ok: true, value: { unit: "chars", value: 3000 } });
    expect(parseCap("800t")).toEqual({ ok: true, value: { unit: "tokens", value: 800 } });
    expect(parseCap("25%")).toEqual({ ok: true, value: { unit: "percent", value: 25 } });
    expect(parseCap("off")).toEqual({ ok: true, value: { unit: "off" } });
    expect(parseCap("lots").ok).toBe(false);
    expect(capLimitChars({ unit: "tokens", value: 800 })).toEqual({ ok: true, value: 3200 });
    expect(capLimitChars({ unit: "percent", value: 25 }, 200_000)).toEqual({ ok: true, value: 200_000 });
    expect(capLimitChars({ unit: "percent", value: 25 }).ok).toBe(false);
  });
});

describe("trimming stages", () => {
  const full = () => {
    const { b, kept } = chatty();
    return { b, kept, size: render(b, { firstKeptEntryId: kept }).summary.length };
  };

  it("stage 1 drops non-user lines oldest first and marks the span", () => {
    const { b, kept, size } = full();
    const checkpoint = render(b, { firstKeptEntryId: kept, cap: { unit: "chars", value: size - 500 } });
    const body = spanBody(checkpoint.summary, 1);
    expect(body[0]).toMatch(/^\[User\]: OLDEST-USER u{2000}$/);
    expect(body).not.toContain(expect.stringContaining("assistant line 0"));
    expect(body).toContainEqual("[Assistant]: closing remark");
    expect(checkpoint.summary).toContain('trimmed="true"');
    expect(body.at(-1)).toMatch(/trimmed to fit the size cap/);
    expect(checkpoint.details.keel.cap).toMatchObject({
      stubbedLines: 0,
      trimmedSpans: [1],
      overBudget: false,
    });
    expect(checkpoint.summary.length).toBeLessThanOrEqual(size - 500);
  });

  it("stage 2 shortens long user lines to marked prefix stubs, oldest first", () => {
    const { b, kept, size } = full();
    const checkpoint = render(b, { firstKeptEntryId: kept, cap: { unit: "chars", value: size - 2500 } });
    const body = spanBody(checkpoint.summary, 1);
    expect(body[0]).toMatch(
      /^\[User\]: OLDEST-USER u+…\[trimmed \+\d+ chars; full text: keel_entry 00000001\]$/,
    );
    expect(body[1]).toBe(GAP_MARKER);
    expect(body[2]).toMatch(/^\[User\]: NEWER-USER v{2000}$/);
    expect(body.some((line) => line.startsWith("[Assistant]"))).toBe(false);
    expect(checkpoint.details.keel.cap.stubbedLines).toBe(1);
  });

  it("stage 3 removes the oldest remaining lines, user lines included, down to the 500-char floor", () => {
    const { b, kept } = full();
    const checkpoint = render(b, { firstKeptEntryId: kept, cap: { unit: "chars", value: 100 } });
    const body = spanBody(checkpoint.summary, 1);
    expect(body.join("\n")).not.toContain("OLDEST-USER");
    expect(body[0]).toBe(GAP_MARKER);
    expect(body[1]).toMatch(/NEWER-USER/);
    expect(checkpoint.details.keel.cap.lineBudget).toBe(MIN_LINE_BUDGET);
    expect(checkpoint.details.keel.cap.overBudget).toBe(true);
    expect(checkpoint.warnings.join()).toMatch(/over the 100-char cap/);
  });

  it("leaves a marker at every place lines were removed, so no two user turns seem adjacent", () => {
    const b = createSessionBuilder();
    for (let i = 0; i < 30; i++) {
      b.user(`question ${i}`);
      b.assistant({ text: `reply ${i} ${"r".repeat(300)}` });
    }
    const kept = b.user("tail");
    const size = render(b, { firstKeptEntryId: kept }).summary.length;
    const checkpoint = render(b, { firstKeptEntryId: kept, cap: { unit: "chars", value: size - 6000 } });
    const body = spanBody(checkpoint.summary, 1);
    const expected: string[] = [];
    for (let i = 0; i < 30; i++) {
      const reply = `[Assistant]: reply ${i} ${"r".repeat(300)}`;
      expected.push(`[User]: question ${i}`, body.includes(reply) ? reply : GAP_MARKER);
    }
    expect(body.slice(0, 60)).toEqual(expected);
    expect(body.filter((line) => line === GAP_MARKER).length).toBeGreaterThan(15);
    expect(checkpoint.summary.length).toBeLessThanOrEqual(size - 6000);
    // Runs of removed lines share one marker; the stages' budget counts the markers.
    const spans = [
      {
        n: 1,
        fromEntryId: "a",
        toEntryId: "d",
        at: "",
        reason: "manual",
        splitTurn: false,
        lines: ["one", "two", "three", "four"].map((text) => ({
          kind: "other" as const,
          text: text.repeat(40),
          entryId: "a",
        })),
      },
    ];
    const trimmed = trimSpans(spans, 180);
    expect(trimmed.spans[0]!.lines).toEqual([GAP_MARKER, "four".repeat(40)]);
    expect(trimmed.lineChars).toBeLessThanOrEqual(180);
  });

  it("marks every span it changes, and only those; an originally empty span is never marked", () => {
    const b = createSessionBuilder();
    b.user(`FIRST ${"f".repeat(3000)}`);
    const k1 = b.user("second");
    compactWithKeel(b, k1);
    const k2 = b.user("third");
    b.contextEdit(k1, null);
    compactWithKeel(b, k2);
    const k3 = b.user("fourth");
    const size = render(b, { firstKeptEntryId: k3 }).summary.length;
    const { summary } = render(b, { firstKeptEntryId: k3, cap: { unit: "chars", value: size - 1000 } });
    expect(summary).toMatch(/<compacted-span n="1"[^>]*trimmed="true">/);
    expect(summary).toMatch(/<compacted-span n="2"[^>]*">\n<\/compacted-span>/);
    expect(summary).not.toMatch(/<compacted-span n="2"[^>]*trimmed/);
    expect(summary).not.toMatch(/<compacted-span n="3"[^>]*trimmed/);
  });

  it("never trims startup reads and warns when they alone exceed the cap", () => {
    const b = createSessionBuilder();
    b.user("start");
    const { callIds } = b.assistant({
      calls: [
        { name: "read", args: { path: "AGENTS.md" } },
        { name: "read", args: { path: "BIG.md" } },
      ],
    });
    b.toolResult(callIds[0]!, "read", "read BIG.md");
    b.toolResult(callIds[1]!, "read", `BIG ${"b".repeat(5000)}`);
    b.user("second");
    const kept = b.user("third");
    const checkpoint = render(b, { firstKeptEntryId: kept, cap: { unit: "chars", value: 1000 } });
    expect(checkpoint.summary).toContain(`BIG ${"b".repeat(5000)}`);
    expect(checkpoint.details.keel.cap.overBudget).toBe(true);
  });
});

describe("cap at scale", () => {
  it("keeps a capped checkpoint of a long generated session within its limit", () => {
    const session = parseSessionText(generateSession({ entries: 5000, seed: 3 }));
    const walked = walkBranch(session);
    if (!walked.ok) throw new Error(walked.reason);
    const branch = walked.value.entries;
    const lastUser = [...branch]
      .reverse()
      .find((e) => e.type === "message" && (e as { message: { role: string } }).message.role === "user")!;
    for (const limit of [200_000, 20_000, 5_000]) {
      const result = renderCheckpoint({
        branch,
        firstKeptEntryId: lastUser.id,
        cwd: "/home/dev/proj",
        cap: { unit: "chars", value: limit },
      });
      expect(result.ok && result.value.summary.length).toBeLessThanOrEqual(limit);
    }
  });

  it("trims a hundred thousand lines in one pass per stage", () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => ({
      kind: (i % 5 === 0 ? "user" : "other") as "user" | "other",
      text: `line ${i} ${"z".repeat(i % 7 === 0 ? 400 : 40)}`,
      entryId: `e${i}`,
    }));
    const span = { n: 1, fromEntryId: null, toEntryId: null, at: "", reason: "t", splitTurn: false, lines };
    const result = trimSpans([span], 400_000);
    expect(result.lineChars).toBeLessThanOrEqual(400_000);
    expect(result.removed).toBeGreaterThan(0);
  });
});
