// Every rule pack's examples are its tests: each dangerous example is flagged by that rule of that pack, and
// each harmless lookalike passes. Also: every finding of the corpus belongs to a pack, and a pack switched
// off in the options stops its findings.
import { describe, expect, it } from "vitest";
import { PACKS } from "../../src/guard/destructive/packs/index.ts";
import { screenCommand } from "../../src/guard/destructive/screen.ts";
import { loadScreenCorpus } from "../support/screen-corpus.ts";

const examples = PACKS.flatMap((pack) =>
  pack.rules.flatMap((rule) => [
    ...rule.dangerous.map((command) => ({ pack: pack.id, rule: rule.id, command, dangerous: true })),
    ...rule.harmless.map((command) => ({ pack: pack.id, rule: rule.id, command, dangerous: false })),
  ]),
);

describe("rule pack examples", () => {
  it.each(examples.filter((e) => e.dangerous))("$pack/$rule flags $command", ({ pack, rule, command }) => {
    expect(screenCommand(command)).toMatchObject({ destructive: true, pack, rule });
  });
  it.each(examples.filter((e) => !e.dangerous))("$pack/$rule passes $command", ({ command }) => {
    expect(screenCommand(command)).toEqual({ destructive: false });
  });
  it("gives every rule a reason, an alternative and at least one dangerous example unless it is judged by the project", () => {
    const exempt = new Set(["rm-recursive-uncommitted", "too-long", "unparseable"]);
    for (const pack of PACKS)
      for (const rule of pack.rules) {
        expect(rule.reason.length, rule.id).toBeGreaterThan(5);
        expect(rule.alternative.length, rule.id).toBeGreaterThan(3);
        if (!exempt.has(rule.id)) expect(rule.dangerous.length, rule.id).toBeGreaterThan(0);
      }
  });
});

describe("packs and findings", () => {
  it("files every corpus finding under a pack", () => {
    const unsorted = loadScreenCorpus()
      .map(({ command }) => ({ command, result: screenCommand(command) }))
      .filter(({ result }) => result.destructive && result.pack === "unsorted");
    expect(unsorted).toEqual([]);
  });
  it("lets a switched-off pack's commands through and keeps the others", () => {
    expect(screenCommand("gh repo delete acme/x --yes", { packsOff: ["forges"] })).toEqual({
      destructive: false,
    });
    expect(screenCommand("git reset --hard", { packsOff: ["forges"] })).toMatchObject({ pack: "git" });
  });
  it("refuses the catastrophic and asks about the rest", () => {
    expect(screenCommand("rm -rf ~")).toMatchObject({ verdict: "deny", pack: "files" });
    expect(screenCommand("git checkout -- a.ts")).toMatchObject({
      verdict: "ask",
      alternative: expect.stringContaining("git stash"),
    });
  });
});
