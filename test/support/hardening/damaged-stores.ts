// keel stores damaged the ways files get damaged: a page overwritten in a store left with a write-ahead log
// (a crash), a page found bad by `keel store check`, a page the next write reads, a truncated file, an
// overwritten header. Each damaged copy gets real CLI writes; the family counts writes keel accepted and
// refusals that showed raw SQL, then recovers one copy with `keel store recover`. Shared by the damaged-store
// test and `npm run proof`. Damage in a page no write reads, on a store closed cleanly and never checked, is
// not in this family: only a full check finds it (`keel store check`, `keel doctor`).
import {
  closeSync,
  copyFileSync,
  existsSync,
  openSync,
  readFileSync,
  truncateSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { type CliRun, isolatedEnv, runKeel } from "../cli.ts";
import { initRepo } from "../git-repo.ts";

export interface DamageFigures {
  kinds: number;
  writes: number;
  /** Writes that exited 0 on a damaged store. */
  accepted: string[];
  rawSql: string[];
  /** `keel store check` runs that said ok on a damaged store. */
  checksPassed: string[];
  recovered: { status: number | null; copied: number; lost: number; integrity: string; writable: boolean };
}

const RAW = /Failed query|SQLITE_|insert into|select .* from/i;

async function rootPage(path: string, name: string): Promise<{ page: number; size: number }> {
  const client = createClient({ url: `file:${path}` });
  const root = await client.execute({
    sql: "select rootpage from sqlite_master where name = ?",
    args: [name],
  });
  const size = await client.execute("pragma page_size");
  client.close();
  return { page: Number(root.rows[0]?.[0]), size: Number(size.rows[0]?.[0]) };
}

/** Overwrites the b-tree header of `name`'s root page with bytes no page type has. */
async function breakPage(path: string, name: string): Promise<void> {
  const { page, size } = await rootPage(path, name);
  const fd = openSync(path, "r+");
  writeSync(fd, Buffer.alloc(64, 0xee), 0, 64, (page - 1) * size);
  closeSync(fd);
}

/** A copy of `source` as a crash leaves it: recent changes only in the write-ahead log beside it. */
async function copyWithLog(source: string, to: string): Promise<void> {
  const client = createClient({ url: `file:${source}` });
  await client.execute("pragma wal_autocheckpoint = 0");
  await client.execute("update projects set last_seen_at = last_seen_at + 1");
  copyFileSync(source, to);
  copyFileSync(`${source}-wal`, `${to}-wal`);
  client.close();
}

function count(run: CliRun, pattern: RegExp): number {
  const match = run.stdout.match(pattern);
  return match ? Number(match[1]) : 0;
}

export async function damagedStores(dir: string): Promise<DamageFigures> {
  const repo = initRepo(join(dir, "damage-repo"));
  const keel = (db: string, args: string[]) =>
    runKeel(args, { cwd: repo, env: isolatedEnv(join(dir, "damage-agent"), { KEEL_DB: db }) });
  const pristine = join(dir, "pristine.db");
  for (let i = 0; i < 3; i++) keel(pristine, ["note", "decision", `keep decision ${i}`]);
  keel(pristine, ["memory", "record", "-k", "fact", "--title", "the build", "--body", "uses bun"]);
  const figures: DamageFigures = {
    kinds: 0,
    writes: 0,
    accepted: [],
    rawSql: [],
    checksPassed: [],
    recovered: { status: null, copied: 0, lost: 0, integrity: "", writable: false },
  };
  const kinds: Array<[string, (path: string) => Promise<void>, boolean]> = [
    [
      "crash, then a page overwritten",
      async (p) => {
        await copyWithLog(pristine, p);
        await breakPage(p, "memory_records");
      },
      false,
    ],
    [
      "a bad index page found by store check",
      async (p) => {
        copyFileSync(pristine, p);
        await breakPage(p, "guard_journal_number");
      },
      true,
    ],
    [
      "a bad page the next write reads",
      async (p) => {
        copyFileSync(pristine, p);
        await breakPage(p, "guard_journal");
      },
      false,
    ],
    [
      "truncated to half",
      async (p) => {
        copyFileSync(pristine, p);
        truncateSync(p, Math.floor(readFileSync(p).length / 2));
      },
      false,
    ],
    [
      "header overwritten",
      async (p) => {
        copyFileSync(pristine, p);
        const fd = openSync(p, "r+");
        writeSync(fd, Buffer.alloc(100, 0x41), 0, 100, 0);
        closeSync(fd);
      },
      false,
    ],
  ];
  for (const [i, [kind, damage, checkFirst]] of kinds.entries()) {
    const path = join(dir, `damaged-${i}.db`);
    await damage(path);
    figures.kinds++;
    if (checkFirst) {
      const check = keel(path, ["store", "check"]);
      if (check.status === 0) figures.checksPassed.push(kind);
    }
    for (const args of [
      ["note", "note", "written after the damage"],
      ["memory", "record", "-k", "note", "--title", "after", "--body", "the damage"],
      ["note", "note", "and once more"],
    ]) {
      figures.writes++;
      const run = keel(path, args);
      if (run.status === 0) figures.accepted.push(`${kind}: keel ${args.slice(0, 2).join(" ")}`);
      if (RAW.test(run.stderr)) figures.rawSql.push(`${kind}: ${run.stderr.trim().slice(0, 300)}`);
    }
  }
  const out = join(dir, "recovered.db");
  const recover = keel(pristine, ["store", "recover", out, "--from", join(dir, "damaged-2.db")]);
  figures.recovered = {
    status: recover.status,
    copied: count(recover, /recovered (\d+) rows/),
    lost: count(recover, /\((\d+) lost\) into/),
    integrity: /integrity (\S+)/.exec(recover.stdout)?.[1] ?? "",
    writable: existsSync(out) && keel(out, ["note", "note", "after recovery"]).status === 0,
  };
  return figures;
}
