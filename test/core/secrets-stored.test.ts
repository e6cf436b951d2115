import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/open.ts";
import { SECRET_CORPUS } from "../fixtures/secrets/corpus.ts";
import { isolatedEnv, runKeel } from "../support/cli.ts";
import { initRepo } from "../support/git-repo.ts";
import { secretsThroughEveryWrite } from "../support/hardening/secret-surfaces.ts";
import { dumpAllTables, leaksIn } from "../support/store-dump.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("secrets-stored");

describe("no secret is stored", () => {
  it("through any store write, in any table", async () => {
    const figures = await secretsThroughEveryWrite(root, SECRET_CORPUS);
    expect(figures.writes).toBe(SECRET_CORPUS.length * 6);
    expect(figures.evidenceChars).toBeGreaterThan(1000);
    expect(figures.leaks.join("\n")).toBe("");
  }, 120_000);

  it("through keel note, contract add, memory record and verify", () => {
    const leaked = new Set([
      "github token as 40 hex in env",
      "pgp private key block",
      "authorization basic",
      "discord bot token",
      "mysql password flag",
      "dotenv quoted password with spaces",
    ]);
    const samples = SECRET_CORPUS.filter((s) => leaked.has(s.name));
    const repo = initRepo(join(root, "cli-repo"));
    const db = join(root, "cli.db");
    const env = isolatedEnv(join(root, "agent"), { KEEL_DB: db });
    for (const [i, sample] of samples.entries()) {
      for (const args of [
        ["note", "note", "--", sample.text],
        ["contract", "add", "--id", `rule-${i}`, "--", sample.text],
        ["memory", "record", "-k", "note", "--title", `secret ${i}`, "--body", sample.text],
        ["verify", `printf '%s\\n' '${sample.text.replaceAll("'", "'\\''")}'`],
      ]) {
        const run = runKeel(args, { cwd: repo, env });
        expect(run.status, `${args.slice(0, 2).join(" ")}: ${run.stderr}`).toBe(0);
        expect(run.stdout + run.stderr).not.toContain(sample.secrets[0]);
      }
    }
    return openStore(db).then(async (store) => {
      expect(leaksIn(await dumpAllTables(store.db), samples)).toEqual([]);
      await store.close();
    });
  }, 120_000);
});
