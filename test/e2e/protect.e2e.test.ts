// Protected context in a real pi on the faux model: the spec's worked example, verification after native and
// verbatim compactions, recovery off and on (once per compaction), a reload between a compaction and the next
// request, keel_protected, import of an original context-guard state, a malformed state, and opt-in extraction
// and discovery with scripted answers (good batch, paraphrase, fabricated quote, timeout, late answer).
import { appendFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PiRpc, readSessionFile, type SessionFileLine } from "../support/pi-rpc.ts";
import { createTempProject, type FauxRule, type TempProject } from "../support/temp-project.ts";

const PAD = " This sentence pads the turn so that the small keep window leaves older turns to compact.";
const filler = (n: number) => `filler message number ${n} about the parser rewrite.${PAD}`;
const ITEMS = [
  "phpstan goal --critical Keep phpstan passing before completing the change.",
  "public-api constraint --critical Preserve the public API unless a change is explicitly requested.",
  "baseline constraint --critical Keep the existing baseline valid.",
];
type Line = SessionFileLine & {
  id: string;
  type: string;
  customType?: string;
  details?: unknown;
  data?: unknown;
  content?: unknown;
  parentId?: string | null;
};

async function lines(pi: PiRpc): Promise<Line[]> {
  return (await pi.readSessionEntries()) as Line[];
}
const messagesOf = (result: { notifications: { message: string }[] }) =>
  result.notifications.map((n) => n.message);
const protectNotes = (pi: PiRpc, from = 0) =>
  pi
    .notifications(from)
    .map((n) => n.message)
    .filter((m) => m.startsWith("keel protect:"));

describe("protected context through compactions in a real pi", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({ name: "protect-demo" });
    project.writeFauxScript({
      rules: [{ on: "user", match: "^show protected", toolCalls: [{ name: "keel_protected" }] }],
    });
  });
  afterAll(() => project?.cleanup());

  it("worked example, native and verbatim verification, recovery off then on, and keel_protected", async () => {
    const pi = await project.startPi();
    try {
      for (const item of ITEMS) await pi.command(`/keel protect add ${item}`);
      const status = messagesOf(await pi.command("/keel protect status"))[0] ?? "";
      expect(status).toContain("3 item(s), 3 critical; 3 manual, 0 automatic, 0 discovery");
      expect(status).toContain("Recovery: off. Extraction: off. Discovery: off.");
      expect(messagesOf(await pi.command("/keel protect add phpstan goal again"))[0]).toContain(
        "already exists; nothing changed",
      );

      await pi.command("/keel compact strategy native");
      await pi.prompt(filler(1));
      await pi.prompt(filler(2));
      const native = await pi.compact();
      expect(native.summary).toContain("FAUX-SUMMARY");
      let mark = pi.records.length;
      let before = project.fauxRequests().length;
      await pi.prompt(filler(3));
      expect(protectNotes(pi, mark)).toEqual([
        "keel protect: after compaction 0 preserved, 3 lost, 3 critical failure(s).",
      ]);
      expect(
        project
          .fauxRequests()
          .slice(before)
          .some((r) => r.tailText.includes("keel-protected-recovery")),
      ).toBe(false);
      expect((await lines(pi)).filter((l) => l.customType === "keel.protect.recovery")).toEqual([]);

      await pi.command("/keel protect recovery critical");
      await pi.prompt(filler(4));
      await pi.compact();
      mark = pi.records.length;
      before = project.fauxRequests().length;
      await pi.prompt(filler(5));
      await pi.prompt(filler(6));
      expect(protectNotes(pi, mark)).toEqual([
        "keel protect: after compaction 0 preserved, 3 lost, 3 critical failure(s); restored 3.",
      ]);
      const [first, second] = project.fauxRequests().slice(before);
      expect(first?.tailText).toMatch(/^<keel-protected-recovery>/);
      expect(first?.tailText).toContain("Keep phpstan passing before completing the change.");
      expect(second?.tailText).toBe(filler(6));
      let all = await lines(pi);
      const compactions = all.filter((l) => l.type === "compaction").map((l) => l.id);
      const recoveries = all.filter((l) => l.customType === "keel.protect.recovery");
      expect(recoveries.map((r) => r.details)).toEqual([
        { v: 1, compactionId: compactions[1], itemIds: ["phpstan", "public-api", "baseline"] },
      ]);

      await pi.command("/keel compact strategy verbatim");
      await pi.prompt(filler(7));
      const verbatim = await pi.compact();
      expect(verbatim.summary).toContain("## Protected context");
      expect(verbatim.summary).toContain("Preserve the public API unless a change is explicitly requested.");
      mark = pi.records.length;
      await pi.prompt(filler(8));
      expect(protectNotes(pi, mark)).toEqual([
        "keel protect: after compaction 3 preserved, 0 lost, 0 critical failure(s).",
      ]);

      await pi.prompt("show protected items please");
      all = await lines(pi);
      const tool = all.find(
        (l) =>
          l.type === "message" &&
          (l as { message?: { toolName?: string } }).message?.toolName === "keel_protected",
      ) as { message: { content: { text: string }[] } } | undefined;
      const shown = JSON.parse(tool?.message.content[0]?.text ?? "{}");
      expect(shown.items.map((i: { id: string; provenance: string }) => `${i.id}:${i.provenance}`)).toEqual([
        "phpstan:manual",
        "public-api:manual",
        "baseline:manual",
      ]);
      expect(shown.lastVerification).toMatchObject({ preserved: 3, lost: 0 });
    } finally {
      await pi.close();
    }

    // The same session offline: `keel protect` reads the registry and the three recorded verifications.
    const sessionFile = pi.sessionFile ?? "";
    const offline = project.keel(["protect", sessionFile, "--json"]);
    expect(offline.status).toBe(0);
    const report = JSON.parse(offline.stdout);
    expect(report.source).toBe("keel");
    expect(report.state.recovery).toBe("critical");
    expect(report.state.items.map((i: { id: string }) => i.id)).toEqual([
      "phpstan",
      "public-api",
      "baseline",
    ]);
    expect(
      report.verifications.map((v: { lost: number; recoveredIds: string[] }) => [
        v.lost,
        v.recoveredIds.length,
      ]),
    ).toEqual([
      [3, 0],
      [3, 3],
      [0, 0],
    ]);
    const text = project.keel(["protect", sessionFile]);
    expect(text.stdout).toContain("3 protected item(s):");
    expect(text.stdout).toContain("phpstan [manual] [goal] [critical]: Keep phpstan passing");
    expect(text.stdout).toMatch(
      /compaction \w+ \([^)]+\): 0 preserved, 3 lost, 3 critical failure\(s\); lost: /,
    );
  });

  it("a reload between a compaction and the next request still verifies and recovers once", async () => {
    let pi = await project.startPi({ extraArgs: ["--continue"] });
    let compactionId: string | undefined;
    try {
      await pi.command("/keel compact strategy native");
      await pi.prompt(filler(9));
      await pi.compact();
      compactionId = (await lines(pi)).filter((l) => l.type === "compaction").at(-1)?.id;
    } finally {
      await pi.close();
    }
    pi = await project.startPi({ extraArgs: ["--continue"] });
    try {
      const before = project.fauxRequests().length;
      const mark = pi.records.length;
      await pi.prompt(filler(10));
      expect(protectNotes(pi, mark)).toEqual([
        "keel protect: after compaction 0 preserved, 3 lost, 3 critical failure(s); restored 3.",
      ]);
      expect(project.fauxRequests()[before]?.tailText).toMatch(/^<keel-protected-recovery>/);
      const recoveries = (await lines(pi)).filter((l) => l.customType === "keel.protect.recovery");
      expect(recoveries.at(-1)?.details).toMatchObject({ compactionId });
    } finally {
      await pi.close();
    }
    pi = await project.startPi({ extraArgs: ["--continue"] });
    try {
      const mark = pi.records.length;
      await pi.prompt(filler(11));
      expect(protectNotes(pi, mark)).toEqual([]);
    } finally {
      await pi.close();
    }
  });
});

/** Appends a custom entry to the session file as if another extension had written it. */
function appendCustom(file: string, parentId: string, customType: string, data: unknown): void {
  const entry = {
    type: "custom",
    customType,
    data,
    id: `e2e${Date.now().toString(16)}`,
    parentId,
    timestamp: new Date().toISOString(),
  };
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

describe("state from the session: import and malformed entries", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({ name: "protect-import" });
  });
  afterAll(() => project?.cleanup());

  it("imports an original context-guard v5 state once, then a malformed keel state starts empty and degraded", async () => {
    let pi = await project.startPi();
    let file: string;
    try {
      await pi.prompt("hello there");
      const last = (await lines(pi)).at(-1)!;
      file = pi.sessionFile!;
      await pi.close();
      appendCustom(file, last.id, "agent-context-guard-state", {
        schemaVersion: 5,
        recovery: "critical",
        extraction: "off",
        discovery: "off",
        items: [
          { id: "phpstan", kind: "goal", content: "Keep phpstan passing.", critical: true },
          {
            id: "discovery:fact:aaa",
            kind: "fact",
            content: "Queue shard QSHARD-7731-ZETA is assigned to staging.",
            critical: true,
          },
        ],
        autoItemIds: [],
        discoveryItemIds: ["discovery:fact:aaa"],
        discoveryProvenance: {
          "discovery:fact:aaa": [
            {
              toolCallId: "call-9",
              toolName: "read",
              quoteHash: "0123456789ab",
              span: { startOffset: 3, endOffset: 9 },
            },
          ],
        },
        discoveryLifecycle: {
          "discovery:fact:aaa": {
            status: "retired",
            createdAt: "2026-01-01T00:00:00Z",
            updatedAt: "2026-01-02T00:00:00Z",
          },
        },
      });
    } finally {
      await pi.close();
    }
    pi = await project.startPi({ extraArgs: ["--continue"] });
    try {
      expect(protectNotes(pi)).toContain("keel protect: imported 2 item(s) from context-guard state.");
      const list = messagesOf(await pi.command("/keel protect list"))[0] ?? "";
      expect(list).toContain("phpstan [manual] [goal] [critical]: Keep phpstan passing.");
      expect(list).toContain(
        "discovery:fact:aaa [discovery retired] [fact] [critical]: Queue shard QSHARD-7731-ZETA is assigned to staging. (1 evidence reference: read)",
      );
      expect(messagesOf(await pi.command("/keel protect status"))[0]).toContain("Recovery: critical.");
      const states = (await lines(pi)).filter((l) => l.customType === "keel.protect.state");
      expect(states).toHaveLength(1);
      const last = (await lines(pi)).at(-1)!;
      await pi.close();
      appendCustom(pi.sessionFile!, last.id, "keel.protect.state", {
        schemaVersion: 1,
        recovery: "critical",
        items: "oops",
      });
    } finally {
      await pi.close();
    }
    pi = await project.startPi({ extraArgs: ["--continue"] });
    try {
      const warning = pi.notifications().find((n) => n.message.includes("unreadable"));
      expect(warning?.notifyType).toBe("warning");
      expect(messagesOf(await pi.command("/keel protect list"))[0]).toBe("keel protect: no protected items.");
      expect(messagesOf(await pi.command("/keel protect status"))[0]).toContain("State: degraded");
    } finally {
      await pi.close();
    }
    // Offline, the unreadable state is reported and fails the command; nothing is read from older entries.
    const offline = project.keel(["protect", pi.sessionFile!]);
    expect(offline.status).toBe(1);
    expect(offline.stdout).toContain("keel's saved state (unreadable)");
    expect(offline.stdout).toContain("the saved protected-context state is unreadable");
    expect(offline.stdout).toContain("no protected items.");
    expect(project.keel(["protect", `${pi.sessionFile}.missing`]).status).toBe(2);
  });
});

const EXTRACTOR = "protected-context extractor";
const DISCOVERER = "discovery recorder";

describe("automatic extraction and discovery with scripted answers", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({ name: "protect-auto" });
    writeFileSync(
      `${project.projectDir}/config.txt`,
      "CACHE_DRIVER=redis\nQueue shard QSHARD-7731-ZETA is assigned to staging.\n",
    );
    const good = JSON.stringify({
      schemaVersion: 1,
      add: [
        { kind: "goal", content: "Upgrade PHPStan to level 3.", critical: true },
        { kind: "constraint", content: "Do not modify public APIs.", critical: true },
        { kind: "constraint", content: "Do not use a baseline.", critical: false },
      ],
      removeAutoItemIds: [],
    });
    const paraphrase = JSON.stringify({
      schemaVersion: 1,
      add: [{ kind: "constraint", content: "Keep documentation brief.", critical: false }],
      removeAutoItemIds: [],
    });
    const facts = JSON.stringify({
      schemaVersion: 1,
      facts: [
        {
          kind: "fact",
          content: "The cache driver is redis (config.txt).",
          evidence: [{ id: "e1", quote: "CACHE_DRIVER=redis" }],
        },
        {
          kind: "fact",
          content: "Queue shard QSHARD-7731-ZETA is assigned to staging.",
          evidence: [{ id: "e1", quote: "QSHARD-7731-ZETA is assigned to staging" }],
        },
      ],
    });
    const fabricated = JSON.stringify({
      schemaVersion: 1,
      facts: [
        {
          kind: "fact",
          content: "The cache driver is memcached.",
          evidence: [{ id: "e1", quote: "CACHE_DRIVER=memcached" }],
        },
      ],
    });
    const rules: FauxRule[] = [
      { on: "user", system: EXTRACTOR, match: '^\\{"userMessage":"[^"]*Upgrade PHPStan', reply: good },
      { on: "user", system: EXTRACTOR, match: '^\\{"userMessage":"[^"]*documentation', reply: paraphrase },
      {
        on: "user",
        system: EXTRACTOR,
        match: '^\\{"userMessage":"[^"]*slow answer',
        reply: good,
        delayMs: 25_000,
      },
      {
        on: "user",
        system: EXTRACTOR,
        match: '^\\{"userMessage":"[^"]*late answer',
        reply: good,
        delayMs: 3_000,
      },
      { on: "user", system: DISCOVERER, match: "CACHE_DRIVER", reply: facts, times: 1 },
      { on: "user", system: DISCOVERER, match: "CACHE_DRIVER", reply: fabricated },
      {
        on: "user",
        match: "^read the config",
        toolCalls: [{ name: "read", arguments: { path: "config.txt" } }],
      },
    ];
    project.writeFauxScript({ rules });
  });
  afterAll(() => project?.cleanup());

  const waitForNote = (pi: PiRpc, from: number, pattern: RegExp, timeoutMs = 15_000) =>
    pi.waitFor(
      (r) => r.type === "extension_ui_request" && r.method === "notify" && pattern.test(String(r.message)),
      { after: from, timeoutMs, what: String(pattern) },
    );

  it("extraction: a good batch, a paraphrase rejected, a timeout, and a late answer after a new session", {
    timeout: 120_000,
  }, async () => {
    const pi = await project.startPi();
    try {
      expect(messagesOf(await pi.command("/keel protect extraction automatic"))[0]).toBe(
        "keel protect: extraction is now automatic.",
      );
      let mark = pi.records.length;
      await pi.prompt("Upgrade PHPStan to level 3.\nDo not modify public APIs.\nDo not use a baseline.");
      await waitForNote(pi, mark, /extraction added 3/);
      const list = messagesOf(await pi.command("/keel protect list"))[0] ?? "";
      expect(list).toMatch(
        /auto:goal:[0-9a-f]{12} \[auto\] \[goal\] \[critical\]: Upgrade PHPStan to level 3\./,
      );
      expect(list).toMatch(/auto:constraint:[0-9a-f]{12} \[auto\] \[constraint\]: Do not use a baseline\./);

      mark = pi.records.length;
      await pi.prompt("Please keep the documentation short for now.");
      const rejected = await waitForNote(pi, mark, /extraction failed/);
      expect(rejected.message).toBe(
        "keel protect: automatic extraction failed (invalid-output); nothing changed.",
      );
      expect(messagesOf(await pi.command("/keel protect status"))[0]).toContain(
        "Last extraction: failed (invalid-output).",
      );

      mark = pi.records.length;
      await pi.prompt("This one gets a slow answer.");
      const timedOut = await waitForNote(pi, mark, /extraction failed/, 30_000);
      expect(timedOut.message).toBe("keel protect: automatic extraction failed (timeout); nothing changed.");
      expect(messagesOf(await pi.command("/keel protect list"))[0]).toContain("3 protected item(s)");

      await pi.prompt("This one gets a late answer.");
      const oldFile = pi.sessionFile!;
      const states = () =>
        (readSessionFile(oldFile) as Line[]).filter((l) => l.customType === "keel.protect.state").length;
      expect(states()).toBe(2);
      mark = pi.records.length;
      expect((await pi.send({ type: "new_session" })).success).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      // The answer arrived after its session ended: nothing applied, nothing reported, in either session.
      expect(protectNotes(pi, mark)).toEqual([]);
      expect(states()).toBe(2);
      expect((await pi.getState()).sessionFile).not.toBe(oldFile);
      expect(messagesOf(await pi.command("/keel protect list"))[0]).toBe("keel protect: no protected items.");
      expect(project.fauxRequests().filter((r) => r.systemHead.includes(EXTRACTOR))).toHaveLength(4);
    } finally {
      await pi.close();
    }
  });

  it("discovery: evidence-backed facts with provenance, then a fabricated quote rejected", async () => {
    const pi = await project.startPi();
    try {
      await pi.command("/keel protect discovery automatic");
      let mark = pi.records.length;
      await pi.prompt("read the config please");
      await waitForNote(pi, mark, /captured 2 discoveries/);
      const list = messagesOf(await pi.command("/keel protect list"))[0] ?? "";
      expect(list).toMatch(
        /discovery:fact:[0-9a-f]{12} \[discovery active\] \[fact\] \[critical\]: The cache driver is redis \(config.txt\)\. \(1 evidence reference: read\)/,
      );
      const state = (await lines(pi)).filter((l) => l.customType === "keel.protect.state").at(-1)?.data as {
        discoveryProvenance: Record<string, unknown>;
      };
      expect(JSON.stringify(state.discoveryProvenance)).not.toContain("CACHE_DRIVER");
      expect(Object.values(state.discoveryProvenance)[0]).toEqual([
        {
          toolCallId: expect.any(String),
          toolName: "read",
          quoteHash: expect.stringMatching(/^[0-9a-f]{12}$/),
          span: { startOffset: 0, endOffset: 18 },
        },
      ]);

      mark = pi.records.length;
      await pi.prompt("read the config again");
      const rejected = await waitForNote(pi, mark, /discovery failed/);
      expect(rejected.message).toBe("keel protect: discovery failed (invalid-output); nothing changed.");
      expect(messagesOf(await pi.command("/keel protect status"))[0]).toContain(
        "2 discovery (2 active, 0 superseded, 0 retired)",
      );
    } finally {
      await pi.close();
    }
  });
});

describe("a change to the registry while a compaction runs", () => {
  let project: TempProject;
  beforeAll(() => {
    project = createTempProject({ name: "protect-race" });
    // pi's own summary takes 1.5 s, long enough to change the registry while it is being written.
    project.writeFauxScript({
      rules: [{ on: "summary", reply: "## Goal\nslow summary", delayMs: 1_500 } as FauxRule],
    });
  });
  afterAll(() => project?.cleanup());

  it("drops the pending snapshot and reports the compaction as unverifiable, recovering nothing", async () => {
    const pi = await project.startPi();
    try {
      await pi.command("/keel protect add goal-1 goal --critical Keep the goal in view.");
      await pi.command("/keel protect recovery critical");
      await pi.command("/keel compact strategy native");
      await pi.prompt(filler(1));
      await pi.prompt(filler(2));
      const from = pi.records.length;
      const compacting = pi.compact();
      await new Promise((resolve) => setTimeout(resolve, 400));
      const added = await pi.command(
        "/keel protect add late constraint A change made during the compaction.",
      );
      expect(messagesOf(added)[0]).toMatch(/^keel protect: added late \(constraint\)/);
      expect((await compacting).summary).toContain("slow summary");
      await pi.prompt(filler(3));
      const notes = protectNotes(pi, from);
      expect(notes).toContain(
        "keel protect: this compaction could not be verified (no snapshot was taken before it).",
      );
      expect(notes.some((n) => /preserved/.test(n))).toBe(false);
      expect((await lines(pi)).filter((l) => l.customType === "keel.protect.recovery")).toEqual([]);
    } finally {
      await pi.close();
    }
  });
});
