// The hand check of read actions against the TypeBox schema it stands in for: whatever it accepts, the schema
// accepts (over each field's edge values and random mixes of them); it accepts the reads the CLI and tools send;
// and checkParams answers as before on every case.
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { checkParams } from "../../src/memory/actions.ts";
import { MEMORY_LIMITS } from "../../src/memory/model.ts";
import { isWellFormedRead } from "../../src/memory/read-check.ts";
import { MemoryToolSchema } from "../../src/memory/tool-schema.ts";

const VALUES: Record<string, unknown[]> = {
  action: ["status", "search", "read", "record", "nope", 1, undefined],
  query: [
    undefined,
    "",
    "x",
    "deploy x",
    "x".repeat(MEMORY_LIMITS.queryChars),
    "x".repeat(MEMORY_LIMITS.queryChars + 1),
    "é".repeat(MEMORY_LIMITS.queryChars),
    "😀".repeat(MEMORY_LIMITS.queryChars / 2),
    "😀".repeat(MEMORY_LIMITS.queryChars / 2 + 1),
    5,
    null,
  ],
  queries: [
    undefined,
    [],
    ["other words"],
    ["a", "b", "c", "d"],
    ["a", "b", "c", "d", "e"],
    ["x".repeat(MEMORY_LIMITS.queryChars + 1)],
    ["😀".repeat(MEMORY_LIMITS.queryChars / 2 + 1)],
    [1],
    "x",
    null,
  ],
  kinds: [undefined, [], ["note"], ["note", "fact"], ["note", "note"], ["bogus"], "note", [1], null],
  includeSuperseded: [undefined, true, false, "yes", 1, null],
  source: [undefined, "records", "derived", "other", null],
  limit: [undefined, 1, 10, MEMORY_LIMITS.searchLimitMax, MEMORY_LIMITS.searchLimitMax + 1, 0, -1, 1.5, "10"],
  id: [undefined, "mem-20261201-3f9a0c1b2d4e", "mem-ab", "mem-ABCD", "x", 7],
  extra: [undefined, 1, "x"],
};

/** A small seeded generator, so a failure names a case that comes back on the next run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function cases(): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const action of ["status", "search", "read"])
    for (const [field, values] of Object.entries(VALUES))
      for (const value of values) out.push({ action, query: "x", [field]: value });
  const next = random(23);
  for (let i = 0; i < 3000; i++) {
    const params: Record<string, unknown> = {};
    for (const [field, values] of Object.entries(VALUES)) {
      if (next() < 0.5 && field !== "action") continue;
      params[field] = values[Math.floor(next() * values.length)];
    }
    out.push(params);
  }
  return out;
}

describe("the read check", () => {
  it("accepts only what the schema accepts", () => {
    let vouched = 0;
    for (const params of cases()) {
      if (!isWellFormedRead(params)) continue;
      vouched++;
      expect(Value.Check(MemoryToolSchema, params), JSON.stringify(params)).toBe(true);
    }
    expect(vouched).toBeGreaterThan(50);
  });

  it("vouches for the reads the CLI and the tools send", () => {
    for (const params of [
      { action: "status" },
      {
        action: "search",
        query: "deploy x",
        kinds: undefined,
        includeSuperseded: false,
        source: "records",
        limit: 10,
      },
      { action: "search", query: "x", kinds: ["note", "fact"], source: "derived", limit: 100 },
      { action: "read", id: "mem-20261201-3f9a0c1b2d4e" },
    ])
      expect(isWellFormedRead(params), JSON.stringify(params)).toBe(true);
    for (const params of [
      { action: "record", record: {} },
      { action: "search", query: "x", limit: 0 },
      { action: "search", query: "x", extra: 1 },
      JSON.parse('{"action":"status","__proto__":{"x":1}}') as Record<string, unknown>,
    ])
      expect(isWellFormedRead(params), JSON.stringify(params)).toBe(false);
  });

  it("leaves checkParams' answers as the schema alone gives them", async () => {
    for (const params of cases()) {
      const answer = await checkParams(params);
      if (!answer.ok) continue;
      expect(Value.Check(MemoryToolSchema, params), JSON.stringify(params)).toBe(true);
    }
  });
});
