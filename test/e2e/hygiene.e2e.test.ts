// Context hygiene in a real pi on the faux model: large reads trimmed at a turn boundary and read back exactly
// through keel_context, a fork that cannot see the other branch's outputs, a protected item that still verifies
// after a later keel compaction, artifact spill read back byte for byte (tampered and missing files refused,
// forks before the spill refused, forks after it served), a read-only detour rewound to its checkpoint, and one
// automatic batch under pressure that respects the cooldown.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
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
  typeof content === "string"
    ? content
    : ((content as Array<{ text?: string }>) ?? []).map((p) => p.text ?? "").join("");
const lines = async (pi: PiRpc) => (await pi.readSessionEntries()) as Line[];
const results = (all: Line[], tool: string) =>
  all.filter((l) => l.type === "message" && l.message?.role === "toolResult" && l.message.toolName === tool);
const notes = (pi: PiRpc, from: number) => pi.notifications(from).map((n) => n.message);

/** A file of `n` numbered lines that each name the file (so every output is distinct). */
const bigFile = (name: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `${name} line ${i + 1}: ${"the quick brown fox jumps over it ".repeat(3)}`,
  ).join("\n");

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
        {
          on: "user",
          match: "^agent trims",
          toolCalls: [{ name: "keel_context", arguments: { action: "trim" } }],
        },
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
      expect(plan).toContain("keel: plan (nothing changed): 3 outputs");
      expect((await lines(pi)).filter((l) => l.type === "context_edit")).toEqual([]);

      mark = pi.records.length;
      const lastFull = project.fauxRequests().at(-1)!;
      await pi.command("/keel trim");
      // pi is idle: the trim applies to the very next request, and is committed when that turn ends.
      expect(notes(pi, mark).join("\n")).toContain("keel: trimmed from the next request on: 3 outputs");
      const before = project.fauxRequests().length;
      await pi.prompt(filler(4));
      const all = await lines(pi);
      const reads = results(all, "read");
      const edits = all.filter((l) => l.type === "context_edit");
      expect(edits.map((e) => e.targetId)).toEqual(reads.map((r) => r.id));
      expect(all.filter((l) => l.customType === "keel.recall.trim").map((l) => l.data?.cause)).toEqual([
        "manual",
      ]);
      for (const edit of edits)
        expect(textOf(edit.replacement?.content)).toMatch(/^\[keel: trimmed read \S+\.txt output/);
      const status = pi.records.filter((r) => r.method === "setStatus" && r.statusKey === "keel-trim").at(-1);
      expect(status?.statusText).toMatch(/^trim: 3 outputs, [\d.]+k chars saved$/);
      // The raw entries are untouched in the session file.
      expect(reads.map((r) => textOf(r.message?.content))).toEqual(Object.values(files));
      // The very next request no longer carries the three outputs, nor does the one after the boundary.
      const [next] = project.fauxRequests().slice(before);
      expect(next).toBeDefined();
      const saved = Object.values(files).reduce((sum, f) => sum + f.length, 0);
      expect(lastFull.inputChars - next!.inputChars).toBeGreaterThan(saved * 0.8);
      await pi.prompt(filler(5));
      const after = project.fauxRequests().at(-1)!;
      expect(lastFull.inputChars - after.inputChars).toBeGreaterThan(saved * 0.8);

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
      expect(notes(pi, mark)).toContain(
        "keel protect: after compaction 1 preserved, 0 lost, 0 critical failure(s).",
      );

      // A fork from before the reads sees none of them.
      const start = all.find(
        (l) => l.message?.role === "user" && textOf(l.message.content).startsWith("read alpha"),
      );
      expect((await pi.send({ type: "fork", entryId: start!.id })).success).toBe(true);
      await pi.prompt(`read back t:${reads[0]!.id}`);
      const leaked = results(await lines(pi), "keel_context").at(-1)!;
      expect(textOf(leaked.message?.content)).toBe(
        `t:${reads[0]!.id} is not a tool output or artifact on this branch`,
      );
      await pi.prompt("search for alpha.txt line 3:");
      const none = JSON.parse(textOf(results(await lines(pi), "keel_context").at(-1)!.message?.content));
      expect(none.matches).toEqual([]);
    } finally {
      await pi.close();
    }
  });
});

describe("artifact spill and rewind in a real pi", () => {
  let project: TempProject;
  const names = Array.from(
    { length: 300 },
    (_, i) => `listing-entry-${String(i).padStart(3, "0")}-café-${"x".repeat(50)}.txt`,
  );
  beforeAll(() => {
    project = createTempProject({ name: "spill-demo" });
    mkdirSync(join(project.projectDir, "many"));
    for (const name of names) writeFileSync(join(project.projectDir, "many", name), "");
    writeFileSync(join(project.projectDir, "detour.txt"), `DETOUR-FILE ${bigFile("detour.txt", 60)}`);
    project.writeFauxScript({
      rules: [
        { on: "user", match: "^list many", toolCalls: [{ name: "ls", arguments: { path: "many" } }] },
        { on: "toolResult", match: "^ls\\n", reply: "Listed." },
        {
          on: "user",
          match: "^read artifact (a:\\S+) at (\\d+)",
          toolCalls: [
            { name: "keel_context", arguments: { action: "read", ref: "$1", offset: "$2", maxChars: 16384 } },
          ],
        },
        {
          on: "user",
          match: "^take a detour",
          times: 1,
          toolCalls: [{ name: "keel_context", arguments: { action: "checkpoint" } }],
        },
        {
          on: "toolResult",
          match: "^keel_context\\ncheckpoint",
          times: 1,
          toolCalls: [{ name: "read", arguments: { path: "detour.txt" } }],
        },
        {
          on: "toolResult",
          match: "^read\\nDETOUR-FILE",
          times: 1,
          toolCalls: [
            {
              name: "keel_context",
              arguments: { action: "rewind", report: "detour.txt has 60 lines; nothing to change." },
            },
          ],
        },
        { on: "toolResult", match: "^keel_context\\n", reply: "Done." },
      ],
    });
  });
  afterAll(() => project?.cleanup());

  it("spills a large listing, reads it back byte for byte and refuses tampered or missing files", async () => {
    const pi = await project.startPi({ extraArgs: ["--tools", "+ls"] });
    try {
      await pi.prompt("list many files (spill is off)");
      let all = await lines(pi);
      expect(textOf(results(all, "ls")[0]!.message?.content).split("\n").sort()).toEqual([...names].sort());
      await pi.command("/keel trim spill on");
      await pi.prompt("list many files again");
      all = await lines(pi);
      const spilled = results(all, "ls")[1]!;
      const details = spilled.message?.details as {
        keelArtifact: { sha256: string; bytes: number; origin: string };
      };
      const record = details.keelArtifact;
      expect(textOf(spilled.message?.content)).toContain(
        `keel_context {"action":"read","ref":"a:${record.sha256}"}`,
      );
      expect(textOf(spilled.message?.content).length).toBeLessThan(3000);
      const file = join(project.agentDir, "keel", "artifacts", record.origin, `${record.sha256}.txt`);
      const onDisk = readFileSync(file);
      expect(onDisk.length).toBe(record.bytes);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
      expect(onDisk.toString("utf8")).toBe(textOf(results(all, "ls")[0]!.message?.content));

      let back = "";
      for (let offset: number | null = 0; offset !== null; ) {
        await pi.prompt(`read artifact a:${record.sha256} at ${offset}`);
        const page = readPage(textOf(results(await lines(pi), "keel_context").at(-1)!.message?.content));
        back += page.page;
        offset = page.next;
      }
      expect(Buffer.from(back, "utf8").equals(onDisk)).toBe(true);

      // Without the test's session folder the writer is not found: not live, and still not called deletable.
      const unscanned = project.keel(["storage", "--json"]);
      expect(JSON.parse(unscanned.stdout).origins).toMatchObject([
        { origin: record.origin, status: "unreferenced-in-scan" },
      ]);
      const storage = project.keel(["storage", "--json", "--session-dir", project.sessionsDir]);
      expect(storage.status).toBe(0);
      expect(JSON.parse(storage.stdout).origins).toMatchObject([
        {
          origin: record.origin,
          status: "live",
          bytes: record.bytes,
          files: [{ status: "ok", bytes: record.bytes }],
        },
      ]);

      // A fork made after the spill carries the record and reads the parent's file; one made before cannot.
      const userLine = (prefix: string) =>
        all.find((l) => l.message?.role === "user" && textOf(l.message.content).startsWith(prefix))!;
      const readsSoFar = await lines(pi);
      const firstRead = readsSoFar.find(
        (l) => l.message?.role === "user" && textOf(l.message.content).startsWith("read artifact"),
      )!;
      expect((await pi.send({ type: "fork", entryId: firstRead.id })).success).toBe(true);
      await pi.prompt(`read artifact a:${record.sha256} at 0`);
      const forked = readPage(textOf(results(await lines(pi), "keel_context").at(-1)!.message?.content));
      expect(forked.page).toBe(back.slice(0, forked.page.length));

      const tampered = Buffer.from(onDisk);
      tampered[10] = tampered[10]! ^ 1;
      writeFileSync(file, tampered);
      await pi.prompt(`read artifact a:${record.sha256} at 0`);
      let answer = results(await lines(pi), "keel_context").at(-1)!;
      expect(textOf(answer.message?.content)).toBe(
        `artifact a:${record.sha256}: tampered (hash mismatch); not served`,
      );
      const checked = project.keel(["storage"]);
      expect(checked.status).toBe(1);
      expect(checked.stdout).toContain(`${record.sha256}.txt: tampered`);

      rmSync(file);
      await pi.prompt(`read artifact a:${record.sha256} at 0`);
      answer = results(await lines(pi), "keel_context").at(-1)!;
      expect(textOf(answer.message?.content)).toBe(
        `artifact a:${record.sha256}: missing (the file is gone); not served`,
      );
      expect((await pi.send({ type: "fork", entryId: userLine("list many files again").id })).success).toBe(
        true,
      );
      await pi.prompt(`read artifact a:${record.sha256} at 0`);
      answer = results(await lines(pi), "keel_context").at(-1)!;
      expect(textOf(answer.message?.content)).toBe(
        `a:${record.sha256} is not a tool output or artifact on this branch`,
      );
    } finally {
      await pi.close();
    }
  });

  it("rewinds a read-only detour to its checkpoint and keeps the report", async () => {
    const pi = await project.startPi();
    try {
      await pi.prompt(`before the detour.${PAD}`);
      const before = project.fauxRequests().length;
      await pi.prompt("take a detour through detour.txt");
      const all = await lines(pi);
      const checkpoint = all.find((l) => l.customType === "keel.recall.checkpoint")!;
      const anchor = all.findIndex((l) => l.id === checkpoint.data?.anchorId);
      expect(results(all, "keel_context")[0]!.id).toBe(checkpoint.data?.anchorId);
      const rewind = all.find((l) => l.customType === "keel.recall.rewind")!;
      const omitted = all
        .filter((l) => l.type === "context_edit" && l.replacement === null)
        .map((l) => l.targetId);
      const detour = all
        .slice(anchor + 1, all.indexOf(rewind))
        .filter((l) => l.type === "message")
        .map((l) => l.id);
      // The detour: the read call, its result, the rewind call and its result.
      expect(detour).toHaveLength(4);
      expect(omitted).toEqual(detour);
      const report = all.find((l) => l.customType === "keel.recall.rewind-report")!;
      expect(textOf(report.content)).toContain("detour.txt has 60 lines; nothing to change.");
      expect(textOf(report.content)).toContain("Files and processes were not rolled back.");
      // The request after the rewind: no detour output, the report last.
      const requests = project.fauxRequests().slice(before);
      const last = requests.at(-1)!;
      expect(requests.some((r) => r.lastText.startsWith("read\nDETOUR-FILE"))).toBe(true);
      expect(last.tailText).toContain("[keel: rewound a read-only detour");
      expect(last.inputChars).toBeLessThan(requests[2]!.inputChars - 5000);
      expect(all.some((l) => textOf(l.message?.content).startsWith("DETOUR-FILE"))).toBe(true);
    } finally {
      await pi.close();
    }
  });
  it("refuses to rewind a detour that ran a command, and changes nothing", async () => {
    project.writeFauxScript({
      rules: [
        {
          on: "user",
          match: "^take a risky detour",
          times: 1,
          toolCalls: [{ name: "keel_context", arguments: { action: "checkpoint" } }],
        },
        {
          on: "toolResult",
          match: "^keel_context\\ncheckpoint",
          times: 1,
          toolCalls: [{ name: "bash", arguments: { command: "echo RISKY-$((40 + 2))" } }],
        },
        {
          on: "toolResult",
          match: "^bash\\nRISKY-42",
          times: 1,
          toolCalls: [{ name: "keel_context", arguments: { action: "rewind", report: "ran a command" } }],
        },
        { on: "toolResult", match: "^keel_context\\n", reply: "Understood." },
      ],
    });
    const pi = await project.startPi();
    try {
      await pi.prompt("take a risky detour");
      const all = await lines(pi);
      const answer = results(all, "keel_context").at(-1)!;
      expect(textOf(answer.message?.content)).toMatch(
        /^rewind refused: a bash call \(not read-only\) after the checkpoint/,
      );
      expect(all.filter((l) => l.customType === "keel.recall.rewind")).toEqual([]);
      expect(all.filter((l) => l.type === "context_edit")).toEqual([]);
    } finally {
      await pi.close();
    }
  });
});

describe("automatic trimming in a real pi", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({
      name: "auto-trim-demo",
      settings: { compaction: { keepRecentTokens: 40, reserveTokens: 1000 } },
    });
    for (const name of ["one.txt", "two.txt", "three.txt"])
      writeFileSync(join(project.projectDir, name), bigFile(name, 100));
    project.writeFauxScript({
      rules: [
        { on: "user", match: "^read (\\S+\\.txt)", toolCalls: [{ name: "read", arguments: { path: "$1" } }] },
        { on: "toolResult", match: "^read\\n", reply: "I read the file." },
      ],
    });
  });
  afterAll(() => project?.cleanup());

  it("commits one automatic batch under pressure, after the cooldown, and not before", async () => {
    const pi = await project.startPi({ env: { ...project.env, KEEL_FAUX_CONTEXT_WINDOW: "15000" } });
    try {
      const mark = pi.records.length;
      for (const name of ["one.txt", "two.txt", "three.txt"]) await pi.prompt(`read ${name} please`);
      // Six assistant turns so far: the cooldown (eight) holds the batch back although it is large enough.
      expect((await lines(pi)).filter((l) => l.type === "context_edit")).toEqual([]);
      await pi.prompt(filler(1));
      await pi.prompt(filler(2));
      const all = await lines(pi);
      // The third read is inside the four protected turns; the first two make the batch.
      const edits = all.filter((l) => l.type === "context_edit");
      expect(edits.map((e) => e.targetId)).toEqual(
        results(all, "read")
          .slice(0, 2)
          .map((r) => r.id),
      );
      expect(all.filter((l) => l.customType === "keel.recall.trim").map((l) => l.data?.cause)).toEqual([
        "auto",
      ]);
      expect(notes(pi, mark).filter((n) => n.includes("automatically"))).toHaveLength(1);
      // The third read leaves protection now, but the cooldown has just restarted: no second batch.
      await pi.prompt(filler(3));
      const later = await lines(pi);
      expect(later.filter((l) => l.customType === "keel.recall.trim")).toHaveLength(1);
      expect(later.filter((l) => l.type === "compaction")).toEqual([]);
    } finally {
      await pi.close();
    }
  });
});
