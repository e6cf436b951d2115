// Instruction blocks are read back from a system prompt rendered by pi's own prompt builder, so a change in how
// pi renders project context shows up here.
import { describe, expect, it } from "vitest";
// Not in the package's exports: the builder is imported by file so the test uses pi's real rendering.
import { buildSystemPrompt } from "../../node_modules/@earendil-works/pi-coding-agent/dist/core/system-prompt.js";
import { instructionBlocks } from "../../src/compact/verbatim/instruction-blocks.ts";

describe("project instruction blocks in pi's system prompt", () => {
  it("gives back every context file pi rendered, path and content", () => {
    const contextFiles = [
      { path: "/repo/AGENTS.md", content: "Before any change, read docs/guide.md.\n\nThen run the tests." },
      { path: "/repo/pkg/CLAUDE.md", content: 'Quote "paths" as written: src/a.ts' },
    ];
    const prompt = buildSystemPrompt({ cwd: "/repo", contextFiles, selectedTools: ["read", "bash"] });
    expect(prompt).toContain("<project_instructions");
    expect(instructionBlocks(prompt)).toEqual(contextFiles);
  });

  it("finds nothing in a prompt without project context", () => {
    expect(instructionBlocks(buildSystemPrompt({ cwd: "/repo", contextFiles: [] }))).toEqual([]);
    expect(instructionBlocks("You are a helpful assistant.")).toEqual([]);
  });
});
