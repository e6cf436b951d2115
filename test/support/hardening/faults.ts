// Fault suites over real processes and a real store file, shared by the fault test and `npm run proof`:
// concurrent writers (each acknowledgement printed after commit), writers SIGKILLed mid-write, and a full disk
// (a small tmpfs, where the machine allows mounting one). Each returns what it measured; callers assert.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { listEvidence } from "../../../src/store/guard-evidence.ts";
import { openStore } from "../../../src/store/open.ts";
import { BIN_DIR, isolatedEnv, REPO_ROOT, runKeel } from "../cli.ts";
import { initRepo } from "../git-repo.ts";

export interface FaultFigures {
  cases: number;
  acknowledged: number;
  lost: number;
  failedWrites: number;
  integrity: string;
  /** The first failed writer's last words, so a failing run says why. */
  firstFailure?: string;
}

interface WriterRun {
  acknowledged: string[];
  ok: boolean;
  killed: boolean;
  stderr: string;
}

/** One evidence writer process; with `killAfter`, SIGKILLed once it acknowledged that many writes. */
export function runWriter(
  file: string,
  label: string,
  count: number,
  killAfter?: number,
): Promise<WriterRun> {
  return new Promise((resolve) => {
    const child = spawn(
      join(BIN_DIR, "node"),
      [
        "--disable-warning=ExperimentalWarning",
        "test/support/evidence-writer.ts",
        file,
        "p",
        String(count),
        label,
      ],
      { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (killAfter !== undefined && out.split("\n").length > killAfter) child.kill("SIGKILL");
    });
    child.on("close", (code, signal) => {
      const lines = out.split("\n").filter((line) => /^\d+$/.test(line));
      resolve({ acknowledged: lines, ok: code === 0, killed: signal === "SIGKILL", stderr });
    });
  });
}

/** Every acknowledged evidence number still present, and SQLite's own integrity verdict. */
async function audit(file: string, acknowledged: string[]): Promise<{ lost: number; integrity: string }> {
  const store = await openStore(file);
  try {
    const present = new Set((await listEvidence(store.db, "p", 1_000_000)).map((row) => String(row.number)));
    const [check] = (await store.db.all(sql`pragma integrity_check`)) as Array<{ integrity_check: string }>;
    return {
      lost: acknowledged.filter((n) => !present.has(n)).length,
      integrity: check?.integrity_check ?? "?",
    };
  } finally {
    await store.close();
  }
}

/** `writers` processes that open one new store at the same moment (racing to create it), then `each` writes. */
export async function concurrentWriters(
  dir: string,
  writers: number,
  each: number,
  name = `concurrent-${writers}`,
): Promise<FaultFigures> {
  const file = join(dir, `${name}.db`);
  const runs = await Promise.all(Array.from({ length: writers }, (_, w) => runWriter(file, `w${w}`, each)));
  const acknowledged = runs.flatMap((run) => run.acknowledged);
  const failedWrites = writers * each - acknowledged.length;
  const failed = runs.find((run) => !run.ok);
  return {
    cases: writers * each,
    acknowledged: acknowledged.length,
    failedWrites,
    ...(await audit(file, acknowledged)),
    ...(failed ? { firstFailure: failed.stderr.trim().split("\n").slice(-6).join("\n") } : {}),
  };
}

export async function killDuringWrites(dir: string, kills: number): Promise<FaultFigures> {
  const file = join(dir, "killed.db");
  const acknowledged: string[] = [];
  let killed = 0;
  for (let i = 0; i < kills; i++) {
    const run = await runWriter(file, `k${i}`, 10_000, 1 + (i % 7));
    acknowledged.push(...run.acknowledged);
    if (run.killed) killed++;
  }
  return {
    cases: killed,
    acknowledged: acknowledged.length,
    failedWrites: 0,
    ...(await audit(file, acknowledged)),
  };
}

export interface DiskFullFigures {
  mounted: boolean;
  acknowledged: number;
  refusal: string;
  refusalStatus: number | null;
  lost: number;
  integrity: string;
}

/** Fills a 2 MB tmpfs under a store until a write is refused, then audits the store there. Needs mount (root). */
export async function diskFull(dir: string): Promise<DiskFullFigures> {
  const mountPoint = join(dir, "small-disk");
  mkdirSync(mountPoint, { recursive: true });
  const mount = spawnSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint], {
    encoding: "utf8",
  });
  if (mount.status !== 0)
    return { mounted: false, acknowledged: 0, refusal: "", refusalStatus: null, lost: 0, integrity: "" };
  try {
    const repo = initRepo(join(dir, "disk-repo"));
    const db = join(mountPoint, "keel.db");
    const keel = (args: string[]) =>
      runKeel(args, { cwd: repo, env: isolatedEnv(join(dir, "disk-agent"), { KEEL_DB: db }) });
    const titles: string[] = [];
    const body = join(dir, "body.txt");
    writeFileSync(body, "word ".repeat(12_000));
    let refusal = { status: 0 as number | null, stderr: "" };
    for (let i = 0; i < 200 && refusal.status === 0; i++) {
      const run = keel(["memory", "record", "-k", "note", "--title", `fill ${i}`, "--body-file", body]);
      if (run.status === 0) titles.push(`fill ${i}`);
      else refusal = { status: run.status, stderr: run.stderr };
    }
    const store = await openStore(db);
    const rows = (await store.db.all(sql`select title from memory_records`)) as Array<{ title: string }>;
    const [check] = (await store.db.all(sql`pragma integrity_check`)) as Array<{ integrity_check: string }>;
    await store.close();
    const present = new Set(rows.map((r) => r.title));
    return {
      mounted: true,
      acknowledged: titles.length,
      refusal: refusal.stderr.trim(),
      refusalStatus: refusal.status,
      lost: titles.filter((t) => !present.has(t)).length,
      integrity: check?.integrity_check ?? "?",
    };
  } finally {
    spawnSync("umount", [mountPoint]);
  }
}

export interface NearlyFullFigures {
  mounted: boolean;
  /** Free kilobytes left before each write, and what keel said when it refused it. */
  refusals: Array<{ leftKb: number; status: number | null; said: string }>;
  /** The first record, written before the disk filled, is still there. */
  firstKept: boolean;
}

/** A 1 MB tmpfs holding a store and a filler file that leaves only `leftKb` free, then one more memory record. */
export async function nearlyFullDisk(dir: string, leftKbs = [64, 16]): Promise<NearlyFullFigures> {
  const mountPoint = join(dir, "nearly-full");
  mkdirSync(mountPoint, { recursive: true });
  const mount = spawnSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint], {
    encoding: "utf8",
  });
  if (mount.status !== 0) return { mounted: false, refusals: [], firstKept: false };
  try {
    const repo = initRepo(join(dir, "nearly-full-repo"));
    const db = join(mountPoint, "keel.db");
    const keel = (args: string[]) =>
      runKeel(args, { cwd: repo, env: isolatedEnv(join(dir, "nearly-full-agent"), { KEEL_DB: db }) });
    keel(["memory", "record", "-k", "note", "--title", "first", "--body", "before the disk filled"]);
    const refusals: NearlyFullFigures["refusals"] = [];
    for (const leftKb of leftKbs) {
      const filler = join(mountPoint, "filler");
      rmSync(filler, { force: true });
      const free = statfsSync(mountPoint);
      writeFileSync(filler, Buffer.alloc(Math.max(0, free.bavail * free.bsize - leftKb * 1024)));
      const run = keel([
        "memory",
        "record",
        "-k",
        "note",
        "--title",
        `at ${leftKb}`,
        "--body",
        "w".repeat(30_000),
      ]);
      refusals.push({ leftKb, status: run.status, said: run.stderr.trim() });
    }
    rmSync(join(mountPoint, "filler"), { force: true });
    const store = await openStore(db);
    const rows = (await store.db.all(sql`select title from memory_records`)) as Array<{ title: string }>;
    await store.close();
    return { mounted: true, refusals, firstKept: rows.some((r) => r.title === "first") };
  } finally {
    spawnSync("umount", [mountPoint]);
  }
}
