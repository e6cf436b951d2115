// Pathological patterns on every search surface (the CLI's lookup grep in batch, keel_grep through the tool
// registry, keel_context search, keel_grep over MCP stdio, the UI's session search): each answers with a result
// or RE2's clear refusal and keeps serving. `npm run proof` runs every pattern and reports the times.
import { describe, expect, it } from "vitest";
import { PATHOLOGICAL, pathologicalPatterns } from "../support/hardening/pathological-patterns.ts";

describe("pathological patterns", () => {
  it("get a result or a clear refusal from every surface, and each surface answers a plain search after", async () => {
    const picked = PATHOLOGICAL.filter((p) => ["(.*){1,1000}#", "(a+)+$", "(a)\\1"].includes(p.pattern));
    expect(picked).toHaveLength(3);
    const figures = await pathologicalPatterns(picked);
    // Times and thread pauses are the proof's figures (npm run proof), not assertions here.
    expect(figures, JSON.stringify(figures)).toMatchObject({ cases: 15, unclear: [], stoppedServing: [] });
    // The backreference is refused by the three regex surfaces; the literal ones search for it as text.
    expect(figures.refused).toBe(3);
  }, 300_000);
});
