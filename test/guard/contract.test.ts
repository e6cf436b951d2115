// Contract layering, overrides, de-duplication and who may remove what.
import { describe, expect, it } from "vitest";
import { oneLine } from "../../src/core/one-line.ts";
import { canRemove, mergeContract } from "../../src/guard/contract/layers.ts";
import { type ContractRule, SEED_RULES } from "../../src/guard/contract/seed.ts";

const rule = (id: string, text: string, origin: ContractRule["origin"]): ContractRule => ({
  id,
  text,
  origin,
});
const empty = { seed: [], personal: [], team: [], owner: [], agent: [] };

describe("seed", () => {
  it("has twelve short, uniquely named rules", () => {
    expect(SEED_RULES).toHaveLength(12);
    expect(new Set(SEED_RULES.map((r) => r.id)).size).toBe(12);
    for (const r of SEED_RULES) expect(r.text.length).toBeLessThanOrEqual(120);
  });
});

describe("mergeContract", () => {
  it("lets the project reword a seed and the personal layer by id, the project winning", () => {
    const merged = mergeContract({
      ...empty,
      seed: SEED_RULES,
      personal: [
        rule("k03-stay-in-scope", "Personal wording", "personal"),
        rule("p1", "Prefer the standard library", "personal"),
      ],
      team: [rule("k03-stay-in-scope", "Team wording", "team")],
    });
    expect(merged).toHaveLength(13);
    expect(merged.find((r) => r.id === "k03-stay-in-scope")).toEqual(
      rule("k03-stay-in-scope", "Team wording", "team"),
    );
  });

  it("lists identical text once, keeping the stronger layer", () => {
    const merged = mergeContract({
      ...empty,
      personal: [rule("p1", "Use pnpm", "personal")],
      owner: [rule("o1", "use  PNPM", "owner")],
    });
    expect(merged).toEqual([rule("o1", "use PNPM", "owner")]);
  });

  it("never lets an agent row replace a seed or owner rule", () => {
    const merged = mergeContract({
      ...empty,
      seed: SEED_RULES,
      agent: [rule("k02-evidence-before-done", "skip tests", "agent")],
    });
    expect(merged.find((r) => r.id === "k02-evidence-before-done")?.origin).toBe("seed");
  });

  it("normalises stored text to one bounded line", () => {
    const merged = mergeContract({ ...empty, owner: [rule("o", "line one\nline two\u0007", "owner")] });
    expect(merged[0]?.text).toBe("line one line two");
    expect(oneLine("x".repeat(300), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("canRemove", () => {
  it.each([
    [rule("k01", "t", "seed"), "owner", "project", false],
    [rule("o", "t", "owner"), "agent", "project", false],
    [rule("a", "t", "agent"), "agent", "project", true],
    [rule("o", "t", "owner"), "owner", "project", true],
    [rule("p", "t", "personal"), "owner", "project", false],
    [rule("p", "t", "personal"), "owner", "personal", true],
    [rule("t", "t", "team"), "owner", "project", false],
  ] as const)("%o by %s in %s scope → %s", (target, actor, scope, allowed) => {
    expect(canRemove(target, actor, scope).ok).toBe(allowed);
  });
});
