// Tool-call signatures: relative paths, `.` for the cwd in shell commands, sizes for bodies, 160-char previews.
import { describe, expect, it } from "vitest";
import {
  displayPath,
  formatToolCall,
  previewJson,
  shellCwdToDot,
} from "../../src/compact/verbatim/signature.ts";

const cwd = "/home/dev/proj";
const sig = (name: string, args: Record<string, unknown>) => formatToolCall({ id: "c1", name, args }, cwd);

describe("signatures", () => {
  it("makes file-tool paths relative to the cwd and keeps them whole", () => {
    const deep = `${cwd}/${"very-long-folder-name/".repeat(12)}file.ts`;
    expect(sig("read", { path: `${cwd}/src/a.ts`, offset: 10, limit: 50 })).toBe(
      'read(path="src/a.ts", offset=10, limit=50)',
    );
    expect(sig("read", { path: deep })).toBe(`read(path="${"very-long-folder-name/".repeat(12)}file.ts")`);
    expect(sig("read", { path: "/etc/hosts" })).toBe('read(path="/etc/hosts")');
    expect(displayPath(cwd, cwd)).toBe(".");
    expect(displayPath("/home/dev/project2/x", cwd)).toBe("/home/dev/project2/x");
  });

  it("shrinks write bodies and edit lists to sizes", () => {
    expect(sig("write", { path: "a.ts", content: "x".repeat(1234) })).toBe(
      'write(path="a.ts", content=[1234 chars])',
    );
    expect(
      sig("edit", {
        path: "a.ts",
        edits: [
          { oldText: "a", newText: "b" },
          { oldText: "c", newText: "d" },
        ],
      }),
    ).toBe('edit(path="a.ts", edits=2)');
    expect(sig("edit", { path: "a.ts", oldText: "abc", newText: "abcdef" })).toBe(
      'edit(path="a.ts", oldText=[3 chars], newText=[6 chars])',
    );
  });

  it("writes the cwd as . in shell commands only at path boundaries", () => {
    expect(shellCwdToDot(`cd ${cwd} && ls ${cwd}/src ${cwd}2 /x${cwd} "${cwd}"`, cwd)).toBe(
      `cd . && ls ./src ${cwd}2 /x${cwd} "."`,
    );
    expect(sig("bash", { command: `cd ${cwd} && npm test` })).toBe('bash(command="cd . && npm test")');
  });

  it("keeps a 160-character JSON prefix with one ellipsis, multi-line commands included", () => {
    const command = `echo start\n${"y".repeat(300)}`;
    const shown = sig("bash", { command });
    const preview = shown.slice("bash(command=".length, -1);
    expect(preview).toBe(`${JSON.stringify(command).slice(0, 160)}…`);
    expect(preview.match(/…/g)).toHaveLength(1);
    expect(shown).not.toContain("\n");
    expect(previewJson({ query: "short" })).toBe('{"query":"short"}');
    // Any tool's path argument shows relative to the cwd; a URL under a path key is not a file path.
    expect(sig("web_search", { path: `${cwd}/x` })).toBe('web_search(path="x")');
    expect(sig("fetch", { path: "https://example.test/a" })).toBe('fetch(path="https://example.test/a")');
  });
});
