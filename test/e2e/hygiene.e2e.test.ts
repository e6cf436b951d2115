// Context hygiene in a real pi on the faux model: large reads trimmed at a turn boundary and read back exactly
// through keel_context, a fork that cannot see the other branch's outputs, a protected item that still verifies
// after a later keel compaction, artifact spill read back byte for byte (tampered and missing files refused),
// and a read-only detour rewound to its checkpoint.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PiRpc, SessionFileLine } from "../support/pi-rpc.ts";
import { createTempProject, type TempProject } from "../support/temp-project.ts";

type Line = SessionFileLine & {
  id: string;
  type: string;
  customType?: string;
  data?: Record<string, unknown>;
  targetId?: string;
  replacement?: { content: Array<{ text?: string }> } | null;
  content?: unknown;
  message?: { role?: string; toolName?: string; toolCallId?: string; content?: unknown; details?: unknown };
};
const textOf = (content: unknown) =>
  typeof content === "string" ? content : ((content as Array<{ text?: string }>) ?? []).map((p) => p.text ?? "").join("");
const lines = async (pi: PiRpc) => (await pi.readSessionEntries()) as Line[];
const results = (all: Line[], tool: string) =>
  all.filter((l) => l.type === "message" && l.message?.role === "toolResult" && l.message.toolName === tool);
const notes = (pi: PiRpc, from: number) => pi.notifications(from).map((n) => n.message);

/** A file of `n` numbered lines that each name the file (so every output is distinct). */
const bigFile = (name: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${name} line ${i + 1}: ${"the quick brown fox jumps over it ".repeat(3)}`).join("\n");

/** Parses keel_context read output: the header, then the page text. */
function readPage(text: string): { header: string; page: string; next: number | null } {
  const newline = text.indexOf("\n");
  const header = text.slice(0, newline);
  const next = /next offset (\d+)/.exec(header);
  return { header, page: text.slice(newline + 1), next: next ? Number(next[1]) : null };
}

const PAD = " This sentence pads the turn.";
const filler = (n: number) => `filler turn ${n} about the parser.${PAD}`;

describe("trimming in a real pi", () => {
  let project: TempProject;
  const files: Record<string, string> = {};
  beforeAll(() => {
    project = createTempProject({ name: "hygiene-demo" });
    for (const name of ["alpha.txt", "beta.txt", "gamma.txt"]) {
      files[name] = bigFile(name, 90);
      writeFileSync(join(project.projectDir, name), files[name]);
    }
    project.writeFauxScript({
      rules: [
        { on: "user", match: "^read (\\S+\\.txt)", toolCalls: [{ name: "read", arguments: { path: "$1" } }] },
        { on: "toolResult", match: "^read\\n", reply: "I read the file." },
        {
          on: "user",
          match: "^read back (t:\\S+)",
          toolCalls: [{ name: "keel_context", arguments: { action: "read", ref: "$1", maxChars: 16384 } }],
        },
        {
          on: "user",
          match: "^search for (.+)$",
          toolCalls: [{ name: "keel_context", arguments: { action: "search", query: "$1" } }],
        },
        { on: "user", match: "^agent trims", toolCalls: [{ name: "keel_context", arguments: { action: "trim" } }] },
        { on: "toolResult", match: "^keel_context\\n", reply: "Noted." },
      ],
    });
  });
  afterAll(() => project?.cleanup());

  it("trims at a turn boundary, reads back exactly, keeps forks apart and verifies protected items", async () => {
    const pi = await project.startPi();
    try {
      await pi.command('/keel protect add beta-fact fact "beta.txt line 7: the quick brown fox"');
      await pi.prompt(`start here.${PAD}`);
      for (const name of Object.keys(files)) await pi.prompt(`read ${name} please`);
      for (let n = 1; n <= 3; n++) await pi.prompt(filler(n));

      let mark = pi.records.length;
      await pi.command("/keel trim plan");
      const plan = notes(pi, mark).join("\n");
      expect(plan).toContain("keel trim plan (nothing changed): 3 outputs");
      expect((await lines(pi)).filter((l) => l.type === "context_edit")).toEqual([]);

      mark = pi.records.length;
      await pi.command("/keel trim");
      expect(notes(pi, mark).join("\n")).toContain("trim queued for the next completed turn");
      const before = project.fauxRequests().length;
      await pi.prompt(filler(4));
      const all = await lines(pi);
      const reads = results(all, "read");
      const edits = all.filter((l) => l.type === "context_edit");
      expect(edits.map((e) => e.targetId)).toEqual(reads.map((r) => r.id));
      expect(all.filter((l) => l.customType === "keel.recall.trim").map((l) => l.data?.cause)).toEqual(["manual"]);
      for (const edit of edits) expect(textOf(edit.replacement?.content)).toMatch(/^\[keel: trimmed read \S+\.txt output/);
      // The raw entries are untouched in the session file.
      expect(reads.map((r) => textOf(r.message?.content))).toEqual(Object.values(files));
      // The request after the boundary no longer carries the three outputs.
      const [sameTurn] = project.fauxRequests().slice(before);
      expect(sameTurn).toBeDefined();
      await pi.prompt(filler(5));
      const after = project.fauxRequests().at(-1)!;
      const saved = Object.values(files).reduce((sum, f) => sum + f.length, 0);
      expect(sameTurn!.inputChars - after.inputChars).toBeGreaterThan(saved * 0.8);

      for (const [index, read] of reads.entries()) {
        await pi.prompt(`read back t:${read.id}`);
        const back = results(await lines(pi), "keel_context").at(-1)!;
        const page = readPage(textOf(back.message?.content));
        expect(page.next).toBeNull();
        expect(page.page).toBe(Object.values(files)[index]);
      }
      await pi.prompt("search for gamma.txt line 42:");
      const found = JSON.parse(textOf(results(await lines(pi), "keel_context").at(-1)!.message?.content));
      expect(found.matches[0]).toMatchObject({ ref: `t:${reads[2]!.id}`, trimmed: true });

      // A keel compaction after the trim: the protected fact (only in beta.txt's trimmed output) still verifies.
      const compaction = await pi.compact();
      expect(compaction.summary).toContain("beta.txt line 7: the quick brown fox");
      mark = pi.records.length;
      await pi.prompt(filler(6));
      expect(notes(pi, mark)).toContain("keel protect: after compaction 1 preserved, 0 lost, 0 critical failure(s).");

      // A fork from before the reads sees none of them.
      const start = all.find((l) => l.message?.role === "user" && textOf(l.message.content).startsWith("read alpha"));
      expect((await pi.send({ type: "fork", entryId: start!.id })).success).toBe(true);
      await pi.prompt(`read back t:${reads[0]!.id}`);
      const leaked = results(await lines(pi), "keel_context").at(-1)!;
      expect(textOf(leaked.message?.content)).toBe(`t:${reads[0]!.id} is not a tool output or artifact on this branch`);
      await pi.prompt("search for alpha.txt line 3:");
      const none = JSON.parse(textOf(results(await lines(pi), "keel_context").at(-1)!.message?.content));
      expect(none.matches).toEqual([]);
    } finally {
      await pi.close();
    }
  });
});
