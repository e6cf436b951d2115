// The hygiene planners on built sessions: which outputs a trim takes and why others stay, automatic gates,
// the drafts a boundary commits, rewind refusals, and paged reads and searches that never leak a secret.
import { describe, expect, it } from "vitest";
import { createSessionBuilder, type SessionBuilder } from "../../scripts/fixtures/session-builder.ts";
import { CHECKPOINT_RECORD, scanBranch } from "../../src/recall/hygiene/branch-scan.ts";
import { autoTrimDecision, planTrim } from "../../src/recall/hygiene/plan.ts";
import { DEFAULT_LIMITS } from "../../src/recall/hygiene/policy.ts";
import { readRef, searchSources } from "../../src/recall/hygiene/read.ts";
import { planRewind } from "../../src/recall/hygiene/rewind.ts";
import { boundaryDrafts, runContextAction } from "../../src/recall/hygiene/service.ts";
import type { ArtifactLoader } from "../../src/recall/hygiene/sources.ts";
import { applyTrimNow } from "../../src/recall/hygiene/trim-now.ts";
import type { BranchEntry } from "../../src/session/entries.ts";

const big = (tag: string, n = 6000) => `${tag} `.repeat(Math.ceil(n / (tag.length + 1))).slice(0, n);
const branchOf = (b: SessionBuilder) => b.entries as unknown as BranchEntry[];
const noArtifacts: ArtifactLoader = async () => ({ ok: false, reason: "none" });

/** One tool call and its result, as one assistant turn. */
function call(
  b: SessionBuilder,
  name: string,
  args: Record<string, unknown>,
  text: string,
  isError = false,
): string {
  const { callIds } = b.assistant({ calls: [{ name, args }] });
  return b.toolResult(callIds[0]!, name, text, { isError });
}

function session(): { b: SessionBuilder; reads: string[] } {
  const b = createSessionBuilder();
  b.user("look around");
  const reads = [
    call(b, "read", { path: "src/a.ts" }, big("A")),
    call(b, "read", { path: "src/b.ts" }, big("B", 9000)),
  ];
  call(b, "read", { path: "AGENTS.md" }, big("AG"));
  call(b, "read", { path: "src/gone.ts" }, big("ERR"), true);
  call(b, "bash", { command: "cat big" }, big("SH"));
  call(b, "read", { path: "small.ts" }, "tiny");
  reads.push(call(b, "ls", { path: "src" }, big("LS", 5000)));
  for (let i = 0; i < 4; i++) b.assistant({ text: `turn ${i}` });
  return { b, reads };
}

describe("planTrim", () => {
  it("takes old large read-only outputs and says why it left the others", () => {
    const { b, reads } = session();
    const plan = planTrim(branchOf(b));
    expect(plan.candidates.map((c) => c.entryId)).toEqual(reads);
    expect(plan.candidates[1]).toMatchObject({ toolName: "read", source: "read src/b.ts", chars: 9000 });
    expect(plan.candidates[1]!.marker).toContain(`{"action":"read","ref":"t:${reads[1]}"}`);
    expect(plan.savedChars).toBe(plan.candidates.reduce((s, c) => s + c.chars - c.marker.length, 0));
    expect(plan.skipped).toEqual({ instruction: 1, "error-or-media": 1, "not-read-only": 1, small: 1 });
  });

  it("protects the last four assistant turns", () => {
    const b = createSessionBuilder();
    b.user("go");
    call(b, "read", { path: "x.ts" }, big("X"));
    for (let i = 0; i < 3; i++) b.assistant({ text: `t${i}` });
    expect(planTrim(branchOf(b)).candidates).toEqual([]);
    b.assistant({ text: "one more" });
    expect(planTrim(branchOf(b)).candidates).toHaveLength(1);
  });

  it("skips edited outputs, outputs before the compaction window, and batches the largest", () => {
    const { b, reads } = session();
    b.contextEdit(reads[0]!, { content: [{ type: "text", text: "someone else's" }] });
    expect(planTrim(branchOf(b)).candidates.map((c) => c.entryId)).toEqual(reads.slice(1));
    const c = session();
    // Kept from the assistant turn that made the second read (a result is only trimmed with its call in view).
    const keptCall = c.b.entries[c.b.entries.findIndex((e) => e.id === c.reads[1]) - 1]!.id;
    c.b.compaction("summary", keptCall);
    for (let i = 0; i < 4; i++) c.b.assistant({ text: `after ${i}` });
    expect(planTrim(branchOf(c.b)).candidates.map((x) => x.entryId)).toEqual(c.reads.slice(1));
    const batch = planTrim(branchOf(session().b), { ...DEFAULT_LIMITS, maxBatch: 2 });
    expect(batch.candidates.map((x) => x.chars)).toEqual([6000, 9000]);
    expect(batch.skipped["over-batch"]).toBe(1);
  });

  it("gates automatic batches on saving, cooldown and pressure", () => {
    const { b } = session();
    const plan = planTrim(branchOf(b));
    expect(autoTrimDecision(plan, 80)).toEqual({ ok: true });
    expect(autoTrimDecision(plan, 20)).toMatchObject({ ok: false, reason: "context 20% below 50%" });
    expect(autoTrimDecision(plan, null).ok).toBe(false);
    expect(autoTrimDecision(plan, 80, { ...DEFAULT_LIMITS, autoMinNetChars: 50_000 }).ok).toBe(false);
    b.custom("keel.recall.trim", { cause: "manual", savedChars: 1, targets: [] });
    expect(autoTrimDecision(planTrim(branchOf(b)), 80)).toMatchObject({
      ok: false,
      reason: "cooldown: 0/8 turns",
    });
  });
});

describe("checkpoint prefix", () => {
  it("is never trimmed while the checkpoint is active", () => {
    const { b, reads } = session();
    const { callIds } = b.assistant({ calls: [{ name: "keel_context", args: { action: "checkpoint" } }] });
    const anchor = b.toolResult(callIds[0]!, "keel_context", "set");
    b.custom(CHECKPOINT_RECORD, { id: "cp-1", anchorId: anchor });
    const late = call(b, "read", { path: "src/late.ts" }, big("L"));
    for (let i = 0; i < 4; i++) b.assistant({ text: `after ${i}` });
    expect(planTrim(branchOf(b)).candidates.map((c) => c.entryId)).toEqual([late]);
    b.user("new question");
    for (let i = 0; i < 4; i++) b.assistant({ text: `later ${i}` });
    expect(planTrim(branchOf(b)).candidates.map((c) => c.entryId)).toEqual([...reads, late]);
  });

  it("commits a queued checkpoint anchored at its call's result, then a rewind with its report", () => {
    const b = createSessionBuilder();
    b.user("research");
    const { callIds } = b.assistant({ calls: [{ name: "keel_context", args: { action: "checkpoint" } }] });
    const anchor = b.toolResult(callIds[0]!, "keel_context", "checkpoint queued");
    const set = boundaryDrafts({
      branch: branchOf(b),
      pending: [{ kind: "checkpoint", toolCallId: callIds[0]!, id: "cp-9" }],
      contextPercent: 0,
    });
    expect(set.drafts).toEqual([
      { type: "custom", customType: CHECKPOINT_RECORD, data: { id: "cp-9", anchorId: anchor } },
    ]);
    b.custom(CHECKPOINT_RECORD, { id: "cp-9", anchorId: anchor });
    const read = call(b, "read", { path: "a.ts" }, "text");
    const back = boundaryDrafts({
      branch: branchOf(b),
      pending: [{ kind: "rewind", toolCallId: "x", report: "found it, password=hunter22secret" }],
      contextPercent: 0,
    });
    expect(
      back.drafts
        .filter((d) => d.type === "context_edit")
        .map((d) => d.type === "context_edit" && d.targetId),
    ).toEqual([b.entries.at(-2)!.id, read]);
    const report = back.drafts.at(-1)!;
    expect(report.type === "custom_message" && report.content).toContain(
      "Report from the detour:\nfound it, password=[redacted:credential-assignment]",
    );
  });
});

describe("boundary drafts", () => {
  it("commits a queued trim as a record plus one edit per output, and an automatic one only when due", () => {
    const { b, reads } = session();
    const manual = boundaryDrafts({
      branch: branchOf(b),
      pending: [{ kind: "trim", cause: "manual" }],
      contextPercent: 1,
    });
    expect(manual.drafts[0]).toMatchObject({
      type: "custom",
      customType: "keel.recall.trim",
      data: { cause: "manual" },
    });
    expect(manual.drafts.slice(1).map((d) => d.type === "context_edit" && d.targetId)).toEqual(reads);
    expect(boundaryDrafts({ branch: branchOf(b), pending: [], contextPercent: 10 }).drafts).toEqual([]);
    const auto = boundaryDrafts({ branch: branchOf(b), pending: [], contextPercent: 70 });
    expect(auto.drafts[0]).toMatchObject({ data: { cause: "auto" } });
    b.custom("keel.recall.settings", { auto: false });
    expect(boundaryDrafts({ branch: branchOf(b), pending: [], contextPercent: 70 }).drafts).toEqual([]);
  });
});

describe("a trim asked for while idle", () => {
  it("shapes the next request at once and commits the same outputs at the boundary", async () => {
    const { b, reads } = session();
    const env = {
      branch: branchOf(b),
      toolCallId: "",
      queued: [],
      loadArtifact: noArtifacts,
      newId: () => "x",
    };
    const idle = await runContextAction({ action: "trim" }, { ...env, cause: "manual", idle: true });
    expect(idle.text).toMatch(/^trimmed from the next request on: 3 outputs/);
    const pending = idle.pending;
    if (pending?.kind !== "trim" || !pending.now) throw new Error("expected a trim planned now");
    expect(pending.now.map((c) => c.entryId)).toEqual(reads);
    // The request: each planned tool result carries its marker; other messages are the same objects.
    const messages = [
      { role: "user", content: "hi" },
      ...pending.now.map((c) => ({
        role: "toolResult",
        toolCallId: c.toolCallId,
        content: [{ type: "text", text: "x" }],
      })),
      { role: "toolResult", toolCallId: "other", content: [{ type: "text", text: "kept" }] },
    ];
    const shaped = applyTrimNow(messages, pending.now);
    expect(shaped[0]).toBe(messages[0]);
    expect(shaped.at(-1)).toBe(messages.at(-1));
    expect(shaped.slice(1, -1).map((m) => m.content)).toEqual(
      pending.now.map((c) => [{ type: "text", text: c.marker }]),
    );
    expect(applyTrimNow(messages, [])).toBe(messages);
    // New outputs after the command do not join the committed batch.
    call(b, "read", { path: "src/later.ts" }, big("LATER"));
    for (let i = 0; i < 4; i++) b.assistant({ text: `later ${i}` });
    const out = boundaryDrafts({ branch: branchOf(b), pending: [pending], contextPercent: 1 });
    expect(out.drafts.slice(1).map((d) => d.type === "context_edit" && d.targetId)).toEqual(reads);
    expect(
      out.drafts.slice(1).map((d) => d.type === "context_edit" && d.replacement?.content[0]?.text),
    ).toEqual(pending.now.map((c) => c.marker));
  });
});

describe("rewind", () => {
  function detour(extra?: (b: SessionBuilder) => void) {
    const b = createSessionBuilder();
    b.user("research");
    const { callIds } = b.assistant({ calls: [{ name: "keel_context", args: { action: "checkpoint" } }] });
    const anchor = b.toolResult(callIds[0]!, "keel_context", "checkpoint set");
    b.custom(CHECKPOINT_RECORD, { id: "cp-1", anchorId: anchor });
    const read = call(b, "read", { path: "a.ts" }, "content");
    extra?.(b);
    return { b, read };
  }

  it("omits the whole read-only detour", () => {
    const { b, read } = detour();
    const plan = planRewind(scanBranch(branchOf(b)));
    expect(plan).toEqual({ ok: true, value: { checkpointId: "cp-1", omit: [b.entries.at(-2)!.id, read] } });
  });

  it("refuses mutations, user messages and results whose call is in the prefix", () => {
    const mutating = detour((b) => call(b, "edit", { path: "a.ts", oldText: "a", newText: "b" }, "ok"));
    expect(planRewind(scanBranch(branchOf(mutating.b)))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("a edit call (not read-only)"),
    });
    const spoken = detour((b) => b.user("stop"));
    expect(planRewind(scanBranch(branchOf(spoken.b)))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("no active checkpoint"),
    });
    const b = createSessionBuilder();
    b.user("x");
    const { callIds } = b.assistant({
      calls: [
        { name: "keel_context", args: {} },
        { name: "read", args: { path: "a" } },
      ],
    });
    const anchor = b.toolResult(callIds[0]!, "keel_context", "set");
    b.custom(CHECKPOINT_RECORD, { id: "cp", anchorId: anchor });
    b.toolResult(callIds[1]!, "read", "text");
    expect(planRewind(scanBranch(branchOf(b)))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("inside the checkpoint prefix"),
    });
  });
});

describe("read and search", () => {
  const secret = "sk-ant-abcdefghijklmnopqrstuvwxyz012345";
  function withSecret() {
    const b = createSessionBuilder();
    b.user("go");
    const id = call(b, "read", { path: ".env.example" }, `${"x".repeat(5000)}KEY ${secret} end`);
    return { b, id };
  }

  it("pages the scrubbed text, so no page holds part of a secret", async () => {
    const { b, id } = withSecret();
    const scan = scanBranch(branchOf(b));
    let text = "";
    for (let offset: number | null = 0; offset !== null; ) {
      const page = await readRef(scan, { ref: `t:${id}`, offset, maxChars: 5010 }, noArtifacts);
      if (!page.ok) throw new Error(page.reason);
      text += page.value.text;
      offset = page.value.nextOffset;
    }
    expect(text).toBe(`${"x".repeat(5000)}KEY [redacted:anthropic-key] end`);
    expect(await readRef(scan, { ref: "t:nope" }, noArtifacts)).toEqual({
      ok: false,
      reason: "t:nope is not a tool output or artifact on this branch",
    });
    expect((await readRef(scan, { ref: "../etc" }, noArtifacts)).ok).toBe(false);
  });

  it("searches literally, trimmed outputs first, with a cursor and reported artifact failures", async () => {
    const { b, reads } = session();
    b.contextEdit(reads[1]!, { content: [{ type: "text", text: "marker" }] });
    const { callIds } = b.assistant({ calls: [{ name: "ls", args: { path: "." } }] });
    b.toolResult(callIds[0]!, "ls", "preview", {
      details: {
        keelArtifact: {
          sha256: "a".repeat(64),
          bytes: 3,
          chars: 3,
          origin: "s1",
          tool: "ls",
          source: "ls .",
        },
      },
    });
    const scan = scanBranch(branchOf(b));
    const page = await searchSources(scan, { query: "b b" }, noArtifacts);
    if (!page.ok) throw new Error(page.reason);
    expect(page.value.matches[0]).toMatchObject({
      ref: `t:${reads[1]}`,
      trimmed: true,
      label: "read src/b.ts",
    });
    expect(page.value.problems).toEqual([`artifact a:${"a".repeat(64)}: none; not served`]);
    expect(await searchSources(scan, { query: "  " }, noArtifacts)).toEqual({
      ok: false,
      reason: "the query is empty",
    });
  });

  it("searches through the search worker: a regex-looking query is literal, and the budget cuts a source short", async () => {
    const b = createSessionBuilder();
    b.user("go");
    const pattern = "(.*){1,1000}#";
    const huge = call(b, "read", { path: "huge.txt" }, `${"x".repeat(4 * 1024 * 1024 - 40)} ${pattern}`);
    const wide = call(b, "read", { path: "wide.txt" }, `İstanbul ${pattern.toUpperCase()} end`);
    const scan = scanBranch(branchOf(b));
    const page = await searchSources(scan, { query: pattern }, noArtifacts);
    if (!page.ok) throw new Error(page.reason);
    // Newest first: the short source, then the 4 MiB one, each at the offset where the text starts.
    expect(page.value.matches.map((m) => [m.ref, m.offset])).toEqual([
      [`t:${wide}`, 9],
      [`t:${huge}`, 4 * 1024 * 1024 - 39],
    ]);
    expect(page.value.matches[0]!.snippet).toBe(`İstanbul ${pattern.toUpperCase()} end`);
    const cut = await searchSources(scan, { query: pattern, cursor: 1 }, noArtifacts, 1);
    expect(cut).toEqual({
      ok: true,
      value: {
        matches: [],
        searchedSources: 1,
        nextCursor: null,
        problems: [
          `t:${huge} alone took the whole time budget (1 ms) and was passed over; continue with nextCursor`,
        ],
      },
    });
  }, 60_000);

  it("keel_context refuses a second checkpoint and queues trims", async () => {
    const { b } = session();
    const env = {
      branch: branchOf(b),
      toolCallId: "c1",
      queued: [],
      loadArtifact: noArtifacts,
      newId: () => "cp-x",
    };
    const trim = await runContextAction({ action: "trim" }, env);
    expect(trim.pending).toEqual({ kind: "trim", cause: "agent" });
    const first = await runContextAction({ action: "checkpoint" }, env);
    expect(first.pending).toEqual({ kind: "checkpoint", toolCallId: "c1", id: "cp-x" });
    const second = await runContextAction({ action: "checkpoint" }, { ...env, queued: [first.pending!] });
    expect(second.isError).toBe(true);
    const plan = await runContextAction({ action: "plan" }, env);
    expect(plan.text).toMatch(/^plan \(nothing changed\): 3 outputs/);
    expect(plan.pending).toBeUndefined();
  });
});
