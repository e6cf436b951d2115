// The loop brake over a real git tree and a real SQLite store: the tree read before and after each run keys
// the streak, a reload from the store (a pi restart) keeps it, `keel loops` tells sessions apart, and keel_verify
// through the tool registry meets the same brake at the threshold guardScope reads from KEEL_LOOP_LIMIT.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnvFlags } from "../../src/config/flags.ts";
import { ok } from "../../src/core/result.ts";
import { describeLoop, listLoopsForDisplay } from "../../src/guard/loops/records.ts";
import {
  type GuardScope,
  recordShellOutcome,
  screenShellCommand,
  startGuardSession,
} from "../../src/guard/session/guard-session.ts";
import { guardScope } from "../../src/guard/session/scope-of.ts";
import { noApproval } from "../../src/project/context.ts";
import { readRefusal } from "../../src/session/refusals.ts";
import type { Store } from "../../src/store/db.ts";
import { upsertProject } from "../../src/store/projects.ts";
import type { ToolContext } from "../../src/tools/context.ts";
import { callTool } from "../../src/tools/define.ts";
import { selectTools } from "../../src/tools/registry.ts";
import { initRepo } from "../support/git-repo.ts";
import { testStore } from "../support/temp.ts";

const root = mkdtempSync(join(tmpdir(), "keel-loop-session-"));
let store: Store;
let repo: string;
const scopeFor = (sessionId: string): GuardScope => ({
  db: store.db,
  clock: { now: () => 1_000 },
  projectId: "p",
  projectRoot: repo,
  sessionId,
  cwd: repo,
  personalContract: join(root, "personal.json"),
  blockAfter: 3,
});

beforeAll(async () => {
  repo = initRepo(join(root, "repo"));
  store = await testStore(root, "keel.db");
  await upsertProject(store.db, { id: "p", root: repo, identitySource: "configured", name: "p" }, 1);
});
afterAll(async () => {
  await store.close();
  rmSync(root, { recursive: true, force: true });
});

/** One attempt as a host makes it: screen, then (when allowed) record the failure it produced. */
async function attempt(
  scope: GuardScope,
  state: Awaited<ReturnType<typeof startGuardSession>>,
  output: string,
) {
  const decision = await screenShellCommand(scope, state, "npm test");
  if (decision.kind !== "allow") return decision;
  await recordShellOutcome(scope, state, "npm test", {
    succeeded: false,
    output,
    treeBefore: decision.treeBefore,
  });
  return decision;
}

describe("loop brake on a real tree and store", () => {
  it("refuses on an unchanged tree, keeps the streak across a reload, and lets an edit through", async () => {
    const scope = scopeFor("019ad3f2-6b1c-7c3e-9a51-0c0d1e2f3a4b");
    let state = await startGuardSession(scope);
    expect((await attempt(scope, state, "FAIL a.test (12 ms)")).kind).toBe("allow");
    expect((await attempt(scope, state, "FAIL a.test (31 ms)")).kind).toBe("allow");

    state = await startGuardSession(scope); // a restart reads the streak back from the store
    const refused = await attempt(scope, state, "");
    expect(refused).toMatchObject({ kind: "block", notice: expect.stringMatching(/refused `npm test`/) });
    const again = await attempt(scope, state, "");
    expect(again.kind).toBe("block");
    expect(again).not.toHaveProperty("notice"); // the user was told once

    writeFileSync(join(repo, "a.txt"), "fixed\n");
    expect((await attempt(scope, state, "FAIL b.test (9 ms)")).kind).toBe("allow");
    expect(state.loops.streaks[Object.keys(state.loops.streaks)[0] as string]).toMatchObject({
      failures: 1,
      refusals: 0,
    });
  });

  it("lists loops of sessions that share their first eight characters under different ids", async () => {
    const other = scopeFor("019ad3f2-6b9e-70aa-8e11-aabbccddeeff");
    const state = await startGuardSession(other);
    await attempt(other, state, "FAIL");
    const loops = await listLoopsForDisplay(store.db, "p");
    expect(loops.map((l) => l.session).sort()).toEqual(["019ad3f2-6b1", "019ad3f2-6b9"]);
    expect(loops.map(describeLoop)).toContain("1× failed  npm test  (session 019ad3f2-6b9)");
  });

  it("brakes keel_verify through the registry at KEEL_LOOP_LIMIT, with the user's notice once", async () => {
    const project = {
      store,
      project: { id: "p", root: repo, identitySource: "configured" as const, name: "p" },
      clock: { now: () => 1_000 },
      cwd: repo,
      sessionId: "019ad3f2-7000-7000-8000-000000000001",
      personalContract: join(root, "personal.json"),
    };
    const scope = guardScope(project, readEnvFlags({ KEEL_LOOP_LIMIT: "2" }));
    expect(scope.blockAfter).toBe(2);
    expect(guardScope(project, readEnvFlags({})).blockAfter).toBe(3);
    const live = { scope, state: await startGuardSession(scope) };
    const ctx: ToolContext = {
      project: ok({ ...project, origin: "agent", sessionDirs: [], approve: noApproval }),
      guard: async () => live,
      branch: async () => ok([]),
      contextPercent: () => null,
    };
    const verify = selectTools({ host: "pi" }).find((tool) => tool.name === "keel_verify");
    if (!verify) throw new Error("keel_verify is not in the registry");
    const call = () => callTool(verify, ctx, { command: "false" });

    const ran = await call();
    expect(ran.isError).toBe(false);
    expect(ran.text).toMatch(/^evidence #\d+: exit 1/);
    const refused = await call();
    expect(refused.isError).toBe(true);
    expect(readRefusal({ role: "toolResult", isError: true, content: refused.text })?.kind).toBe(
      "loop-brake",
    );
    expect(refused.notice).toMatch(/refused `false`/);
    const again = await call();
    expect(again.isError).toBe(true);
    expect(again.notice).toBeUndefined();
  });
});
