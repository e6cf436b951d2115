// /keel protect commands as a pure function, the state schema (keel's own and the original v1–v5 import), the
// protected block, supersession candidates, and the extraction and discovery gates.
import { describe, expect, it } from "vitest";
import { lowestReasoningLevel } from "../../src/llm/ask-model.ts";
import { renderProtectedBlock } from "../../src/protect/block.ts";
import { anchorsOf, findCandidateGroups } from "../../src/protect/candidates.ts";
import { runProtectCommand } from "../../src/protect/commands.ts";
import { applyDiscovery, collectEvidence, parseDiscoveryAnswer } from "../../src/protect/discovery.ts";
import { applyExtraction, extractionPayload, parseExtraction } from "../../src/protect/extraction.ts";
import { completeVerification } from "../../src/protect/lifecycle.ts";
import { loadProtectState } from "../../src/protect/load.ts";
import { renderList } from "../../src/protect/render.ts";
import { parseOriginalState, persistedState } from "../../src/protect/state-schema.ts";
import { EMPTY_STATE, type ProtectState } from "../../src/protect/types.ts";
import { verifyLiteral } from "../../src/protect/verifier/verify.ts";

const NOW = "2026-01-01T00:00:00.000Z";
const env = { now: NOW, extras: { degraded: false } };
function run(state: ProtectState, raw: string) {
  return runProtectCommand(raw, state, env);
}
function apply(raw: string[]): ProtectState {
  let state = structuredClone(EMPTY_STATE);
  for (const line of raw) state = run(state, line).state ?? state;
  return state;
}

describe("protect commands", () => {
  it("adds with content as typed (one trailing space dropped), rejects duplicates and bad input unchanged", () => {
    const first = run(EMPTY_STATE, 'add api constraint --critical Keep "the"  API  stable. ');
    expect(first.state?.items).toEqual([
      { id: "api", kind: "constraint", content: 'Keep "the"  API  stable.', critical: true },
    ]);
    const state = first.state!;
    for (const bad of [
      "add api goal again",
      "add x widget text",
      "add x goal",
      "add x goal    ",
      "add",
      "list extra",
      "remove",
      "remove a b",
      "recovery",
      "recovery maybe",
      "clear --yes please",
      "bogus",
    ]) {
      const reply = run(state, bad);
      expect(reply.state, bad).toBeUndefined();
      expect(reply.level, bad).toBe("warning");
    }
    expect(run(state, "clear").message).toContain("would delete 1 item(s)");
    expect(run(state, "clear").state).toBeUndefined();
    expect(run(state, "clear --yes").state?.items).toEqual([]);
    expect(run(state, "recovery off").state).toBeUndefined();
    expect(run(state, "recovery critical").state?.recovery).toBe("critical");
    expect(run(state, "extraction").message).toBe("keel protect: extraction is off.");
    expect(run(state, "discovery automatic").state?.discovery).toBe("automatic");
  });

  it("lists provenance markers and reports counts in status", () => {
    const state = apply(["add g goal --critical Ship it.", "add f fact Node 22 is required."]);
    const withAuto = {
      ...state,
      items: [...state.items, { id: "auto:goal:1", kind: "goal" as const, content: "x", critical: false }],
      autoItemIds: ["auto:goal:1"],
    };
    expect(run(withAuto, "list").message).toContain("g [manual] [goal] [critical]: Ship it.");
    expect(run(withAuto, "list").message).toContain("auto:goal:1 [auto] [goal]: x");
    expect(run(withAuto, "status").message).toContain(
      "3 item(s), 1 critical; 2 manual, 1 automatic, 0 discovery",
    );
  });
});

const discoveryState = (): ProtectState => {
  const records = [
    {
      id: "e1",
      toolCallId: "call-1",
      toolName: "read",
      text: "CACHE_DRIVER=redis\nQueue shard QSHARD-7731-ZETA is staging",
    },
  ];
  const facts = [
    {
      content: "Queue shard QSHARD-7731-ZETA is assigned to staging.",
      evidence: [{ id: "e1", quote: "QSHARD-7731-ZETA" }],
    },
    {
      content: "Only QSHARD-7731-ZETA is accepted by the staging gateway.",
      evidence: [{ id: "e1", quote: "is staging" }],
    },
    {
      content: "Cache driver is redis (see config/cache.php).",
      evidence: [{ id: "e1", quote: "CACHE_DRIVER=redis" }],
    },
  ];
  return applyDiscovery(structuredClone(EMPTY_STATE), facts, records, NOW).state;
};

describe("discovery lifecycle, candidates and the block", () => {
  it("retires and supersedes only active discoveries, and groups shared anchors", () => {
    const state = discoveryState();
    const [a, b, c] = state.discoveryItemIds;
    expect(state.discoveryEvidence[a!]).toEqual([
      {
        toolCallId: "call-1",
        toolName: "read",
        quoteHash: expect.stringMatching(/^[0-9a-f]{12}$/),
        span: { startOffset: 31, endOffset: 47 },
      },
    ]);
    expect(JSON.stringify(state)).not.toContain("CACHE_DRIVER=redis\n");
    expect(findCandidateGroups(state)).toEqual([
      { anchors: [{ kind: "opaque-id", value: "QSHARD-7731-ZETA" }], ids: [a, b] },
    ]);
    const retired = run(state, `discovery retire ${c}`).state!;
    expect(retired.discoveryLifecycle[c!]?.status).toBe("retired");
    expect(run(retired, `discovery retire ${c}`).state).toBeUndefined();
    expect(run(retired, `discovery supersede ${a} ${a}`).state).toBeUndefined();
    expect(run(retired, `discovery supersede ${a} ${c}`).state).toBeUndefined();
    const superseded = run(retired, `discovery supersede ${a} ${b}`).state!;
    expect(superseded.discoveryLifecycle[a!]).toMatchObject({ status: "superseded", supersededBy: b });
    const block = renderProtectedBlock(superseded);
    for (const item of superseded.items) expect(verifyLiteral([item], block).preserved).toEqual([item.id]);
    expect(block).toContain("No longer authoritative");
    // Recovery leaves out retired and superseded discoveries but verifies them honestly.
    const outcome = completeVerification(
      { v: 1, compactionId: "c1", snapshot: superseded.items },
      "nothing",
      { ...superseded, recovery: "critical" },
      NOW,
    );
    expect(outcome.summary.lost).toBe(3);
    expect(outcome.recovery?.details.itemIds).toEqual([b]);
  });

  it("finds paths and versioned subjects, not bare numbers", () => {
    expect(anchorsOf("Laravel version 12 lives in src/app/main.ts, build 42")).toEqual([
      { kind: "path", value: "src/app/main.ts" },
      { kind: "versioned-subject", value: "Laravel" },
    ]);
  });
});

describe("state schema", () => {
  it("imports original v1 to v5 and rejects malformed lifecycle without falling back", () => {
    const items = [{ id: "a", kind: "goal", content: "Keep it green.", critical: true }];
    expect(parseOriginalState({ schemaVersion: 1, recovery: "critical", items }, NOW)).toMatchObject({
      ok: true,
      value: { items, recovery: "critical", extraction: "off" },
    });
    const v4 = {
      schemaVersion: 4,
      recovery: "off",
      extraction: "automatic",
      discovery: "automatic",
      items: [...items, { id: "d", kind: "fact", content: "F.", critical: true }],
      autoItemIds: ["gone"],
      discoveryItemIds: ["d", "gone"],
      discoveryProvenance: {
        d: [{ toolCallId: "t", toolName: "read", quoteHash: "abc", span: { startOffset: 0, endOffset: 2 } }],
      },
    };
    const parsed = parseOriginalState(v4, NOW);
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        autoItemIds: [],
        discoveryItemIds: ["d"],
        discoveryLifecycle: { d: { status: "active", createdAt: NOW } },
      },
    });
    const bad = {
      ...v4,
      schemaVersion: 5,
      discoveryLifecycle: { d: { status: "retired", createdAt: NOW, updatedAt: NOW, supersededBy: "x" } },
    };
    expect(parseOriginalState(bad, NOW).ok).toBe(false);
    const branch = [
      {
        type: "custom",
        customType: "keel.protect.state",
        data: persistedState({
          ...EMPTY_STATE,
          items: [{ id: "old", kind: "fact", content: "old", critical: false }],
        }),
      },
      {
        type: "custom",
        customType: "keel.protect.state",
        data: { schemaVersion: 1, recovery: "sometimes", items: [] },
      },
    ];
    const loaded = loadProtectState(branch as never, NOW);
    expect(loaded).toMatchObject({ degraded: true, state: { items: [] } });
    expect(loaded.warning).toContain("unreadable");
  });
});

describe("persisted discovery evidence", () => {
  it("loads an entry written before the rename and writes the same key back", () => {
    const ref = {
      toolCallId: "t1",
      toolName: "read",
      quoteHash: "0123456789ab",
      span: { startOffset: 3, endOffset: 9 },
    };
    // Exactly what keel wrote before its code called the evidence `discoveryEvidence`.
    const written = {
      schemaVersion: 1,
      items: [
        { id: "discovery:fact:aaaaaaaaaaaa", kind: "fact", content: "Cache is redis.", critical: true },
      ],
      recovery: "off",
      extraction: "off",
      discovery: "automatic",
      autoItemIds: [],
      discoveryItemIds: ["discovery:fact:aaaaaaaaaaaa"],
      discoveryProvenance: { "discovery:fact:aaaaaaaaaaaa": [ref] },
      discoveryLifecycle: {
        "discovery:fact:aaaaaaaaaaaa": { status: "active", createdAt: NOW, updatedAt: NOW },
      },
    };
    const loaded = loadProtectState(
      [{ type: "custom", customType: "keel.protect.state", data: written }] as never,
      NOW,
    );
    expect(loaded.degraded).toBe(false);
    expect(loaded.state.discoveryEvidence).toEqual({ "discovery:fact:aaaaaaaaaaaa": [ref] });
    expect(renderList(loaded.state)).toContain("(1 evidence reference: read)");
    expect(persistedState(loaded.state)).toEqual(written);
    expect(Object.keys(persistedState(loaded.state))).not.toContain("discoveryEvidence");
  });
});

describe("extraction and discovery gates", () => {
  const message = "Upgrade PHPStan to level 3.\nDo not modify public APIs.";
  it("accepts exact spans, rejects a paraphrase atomically, dedupes and probes ids", () => {
    const good = parseExtraction(
      '```json\n{"schemaVersion":1,"add":[{"kind":"goal","content":"Upgrade PHPStan to level 3.","critical":true},{"kind":"constraint","content":"Do not modify public APIs.","critical":false}],"removeAutoItemIds":[]}\n```',
      message,
      EMPTY_STATE,
    );
    expect(good.ok).toBe(true);
    const applied = applyExtraction(EMPTY_STATE, good.ok ? good.value : { add: [], removeAutoItemIds: [] });
    expect(applied.added).toBe(2);
    expect(applied.state.items[0]?.id).toMatch(/^auto:goal:[0-9a-f]{12}$/);
    expect(
      applyExtraction(applied.state, good.ok ? good.value : { add: [], removeAutoItemIds: [] }).added,
    ).toBe(0);
    const paraphrase =
      '{"add":[{"kind":"goal","content":"Upgrade PHPStan to level 3.","critical":true},{"kind":"constraint","content":"Never change the public API.","critical":true}]}';
    expect(parseExtraction(paraphrase, message, EMPTY_STATE)).toEqual({
      ok: false,
      reason: "invalid-output",
    });
    expect(
      parseExtraction(
        '{"add":[{"kind":"fact","content":"Do not modify public APIs.","critical":true}]}',
        message,
        EMPTY_STATE,
      ).ok,
    ).toBe(false);
    expect(parseExtraction("not json", message, EMPTY_STATE)).toEqual({
      ok: false,
      reason: "invalid-response",
    });
    // The request carries the message and automatic items only, never manual content.
    const manual = { id: "m", kind: "goal" as const, content: "MANUAL-ONLY-WORDING", critical: true };
    const payload = JSON.parse(
      extractionPayload("hi", { ...applied.state, items: [...applied.state.items, manual] }),
    );
    expect(payload.userMessage).toBe("hi");
    expect(payload.automaticItems).toHaveLength(2);
    expect(JSON.stringify(payload)).not.toContain("MANUAL-ONLY-WORDING");
  });

  it("bounds evidence and rejects a fabricated quote for the whole batch", () => {
    const big = "x".repeat(4001);
    const results = [
      { toolCallId: "1", toolName: "read", content: [{ type: "text", text: "alpha=1" }] },
      { toolCallId: "2", toolName: "read", content: [{ type: "text", text: big }] },
      { toolCallId: "3", toolName: "read", content: [{ type: "image", data: "" }] },
      ...Array.from({ length: 10 }, (_, i) => ({
        toolCallId: `n${i}`,
        toolName: "bash",
        content: [{ type: "text", text: `v${i}` }],
      })),
    ];
    const records = collectEvidence(results);
    expect(records.map((r) => r.toolCallId)).toEqual(["1", "n0", "n1", "n2", "n3", "n4", "n5", "n6"]);
    const ok =
      '{"facts":[{"kind":"fact","content":"alpha is 1","evidence":[{"id":"e1","quote":"alpha=1"}]}]}';
    expect(parseDiscoveryAnswer(ok, records).ok).toBe(true);
    const fabricated =
      '{"facts":[{"kind":"fact","content":"alpha is 1","evidence":[{"id":"e1","quote":"alpha=1"}]},{"kind":"fact","content":"beta is 2","evidence":[{"id":"e2","quote":"beta=2"}]}]}';
    expect(parseDiscoveryAnswer(fabricated, records)).toEqual({ ok: false, reason: "invalid-output" });
  });

  it("asks for the lowest declared reasoning level", () => {
    expect(lowestReasoningLevel({ reasoning: false })).toBeUndefined();
    expect(lowestReasoningLevel({ reasoning: true, thinkingLevelMap: { minimal: null } })).toBe("low");
  });
});
