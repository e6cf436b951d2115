// A destructive command keel asked about leaves a session entry whatever the answer, in a real pi on the faux
// model: the user declines `rm -rf src` and approves `git checkout -- src/app.ts` (which then really runs); each
// question becomes a `keel.guard.destructive` custom entry with the command (its token redacted), the reason and
// the answer, and the session page's conversation view shows both as labelled guard markers. Without a UI (pi's
// json mode) the blocked command is kept the same way.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESTRUCTIVE_ASKED_TYPE } from "../../src/guard/destructive/asked-record.ts";
import { createApp } from "../../src/server/app.ts";
import type { Store } from "../../src/store/db.ts";
import { BIN_DIR } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { fauxPiArgs, readSessionFile, type SessionFileLine } from "../support/pi-rpc.ts";
import { testStore } from "../support/temp.ts";
import { createTempProject, type TempProject } from "../support/temp-project.ts";

const LONG = " — padding so the turn reads like a real request from a user to the agent.";
const TOKEN = `ghp_${"a1B2c3D4e5".repeat(4)}`;
const APPROVED = `GITHUB_TOKEN=${TOKEN} git checkout -- src/app.ts`;
const PORT = 43241;
const UI_TOKEN = "guard-asked-marker-token-0123456789abcdef";
const AUTH = { host: `127.0.0.1:${PORT}`, authorization: `Bearer ${UI_TOKEN}` };

const askedRecords = (lines: Line[]) =>
  lines.filter((l) => l.type === "custom" && l.customType === DESTRUCTIVE_ASKED_TYPE);

type Line = SessionFileLine & { type: string; customType?: string; data?: Record<string, unknown> };

describe("a destructive command asked about, in a real pi", () => {
  let project: TempProject;
  let lines: Line[] = [];
  let sessionId = "";
  let store: Store | undefined;
  const asked: string[] = [];

  beforeAll(async () => {
    project = createTempProject({ name: "asked-marker" });
    const dir = project.projectDir;
    initRepo(dir, { "src/app.ts": "export const a = 1;\n" });
    writeFileSync(join(dir, "src/app.ts"), "export const a = 2; // not committed yet\n");
    project.writeFauxScript({
      rules: [
        {
          on: "user",
          match: "^delete the sources",
          toolCalls: [{ name: "bash", arguments: { command: "rm -rf src" } }],
        },
        {
          on: "user",
          match: "^undo my change",
          toolCalls: [{ name: "bash", arguments: { command: APPROVED } }],
        },
        {
          on: "user",
          match: "^force push",
          toolCalls: [{ name: "bash", arguments: { command: "git push --force origin main" } }],
        },
      ],
    });
    const pi = await project.startPi({
      runTimeoutMs: 180_000,
      commandTimeoutMs: 180_000,
      onDialog: (request) => {
        if (request.method !== "confirm") return { cancelled: true };
        asked.push(request.message);
        return { confirmed: request.message.includes("git checkout") };
      },
    });
    try {
      await pi.prompt(`delete the sources${LONG}`);
      await pi.prompt(`undo my change to src/app.ts${LONG}`);
      lines = (await pi.readSessionEntries()) as Line[];
      sessionId = String((lines[0] as { id?: string }).id ?? "");
    } finally {
      await pi.close();
    }
  }, 600_000);

  afterAll(async () => {
    await store?.close();
    project?.cleanup();
  });

  it("keeps each question and its answer as a custom entry, the token redacted", () => {
    expect(asked).toHaveLength(2);
    const records = askedRecords(lines);
    expect(records.map((r) => r.data?.outcome)).toEqual(["declined", "approved"]);
    expect(records[0]?.data).toMatchObject({ command: "rm -rf src", rule: expect.any(String) });
    expect(String(records[0]?.data?.reason)).toContain("(rm -rf src)");
    expect(records[1]?.data?.command).toBe("GITHUB_TOKEN=[redacted:github-token] git checkout -- src/app.ts");
    expect(JSON.stringify(records)).not.toContain(TOKEN);
    // The approved command ran: the uncommitted change is gone.
    expect(readFileSync(join(project.projectDir, "src/app.ts"), "utf8")).toBe("export const a = 1;\n");
  });

  it("shows both answers as guard markers in the session's conversation view", async () => {
    store = await testStore(project.root, "ui.db");
    const app = createApp({ store, token: UI_TOKEN, port: () => PORT, sessionDirs: [project.sessionsDir] });
    const res = await app.request(`/sessions/${sessionId}`, { headers: AUTH });
    const html = await res.text();
    expect(res.status).toBe(200);
    const markers = [
      ...html.matchAll(/data-custom-type="keel\.guard\.destructive"[^>]*>([\s\S]*?)<\/li>/g),
    ].map((m) => m[1] ?? "");
    expect(markers).toHaveLength(2);
    expect(markers[0]).toMatch(
      /keel · guard<\/span> Destructive command asked: declined by the user \(.*rm -rf src\)/,
    );
    expect(markers[0]).toContain("$ rm -rf src");
    expect(markers[1]).toMatch(
      /Destructive command asked: approved by the user \(overwrites .*git checkout -- src\/app\.ts\)/,
    );
    expect(markers[1]).toContain("GITHUB_TOKEN=[redacted:github-token] git checkout");
    expect(markers.join("")).not.toContain(TOKEN);
  });

  it("keeps a command blocked for want of a UI the same way", () => {
    const dir = `${project.root}/json-sessions`;
    const run = spawnSync(
      `${BIN_DIR}/pi`,
      [...fauxPiArgs("json"), "--session-dir", dir, `force push the branch${LONG}`],
      { cwd: project.projectDir, env: project.env, encoding: "utf8", timeout: 120_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const [file] = readdirSync(dir);
    const records = askedRecords(readSessionFile(`${dir}/${file}`) as Line[]);
    expect(records.map((r) => [r.data?.outcome, r.data?.command])).toEqual([
      ["no-ui", "git push --force origin main"],
    ]);
  });
});
