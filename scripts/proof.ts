// `npm run proof`: runs the hardening suites (secrets corpus, session and CLI fuzzing, concurrent writers,
// SIGKILLs mid-write, a full disk, other applications' databases, damaged stores, batch option tricks, verify's
// process-group escapes, oversize MCP messages, pathological patterns on every search surface) and prints one
// table of what they measured: cases run, crashes (for the store and input families: violations), hangs, peak
// memory, secrets stored, writes lost. The same functions back the tests in test/hardening and test/core; this
// script only runs them at full size and reports. Exit 1 when any figure is not clean.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scrubSecrets } from "../src/core/secrets.ts";
import { LOOKALIKES, SECRET_CORPUS } from "../test/fixtures/secrets/corpus.ts";
import { batchTricks } from "../test/support/hardening/batch-tricks.ts";
import { fuzzCli } from "../test/support/hardening/cli-fuzz.ts";
import { damagedStores } from "../test/support/hardening/damaged-stores.ts";
import { concurrentWriters, diskFull, killDuringWrites } from "../test/support/hardening/faults.ts";
import { foreignDatabases } from "../test/support/hardening/foreign-dbs.ts";
import { mcpOversize } from "../test/support/hardening/mcp-oversize.ts";
import { pathologicalPatterns } from "../test/support/hardening/pathological-patterns.ts";
import { secretsThroughEveryWrite } from "../test/support/hardening/secret-surfaces.ts";
import { fuzzSessions } from "../test/support/hardening/session-fuzz.ts";
import { verifyEscapes } from "../test/support/hardening/verify-escapes.ts";

interface Row {
  suite: string;
  cases: number | string;
  crashes: number | string;
  hangs: number;
  peakMb: number | string;
  secrets: number | string;
  lost: number | string;
}

/** A suite that does not finish within `limitMs` counts as a hang. */
async function timed<T>(limitMs: number, body: () => Promise<T>): Promise<T | "hang"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<"hang">((resolve) => {
    timer = setTimeout(() => resolve("hang"), limitMs);
  });
  try {
    return await Promise.race([body(), hang]);
  } finally {
    clearTimeout(timer);
  }
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
const dash = "–";
const root = mkdtempSync(join(tmpdir(), "keel-proof-"));
const rows: Row[] = [];
const hangRow = (suite: string): Row => ({
  suite,
  cases: dash,
  crashes: dash,
  hangs: 1,
  peakMb: dash,
  secrets: dash,
  lost: dash,
});

try {
  const altered = LOOKALIKES.filter((text) => scrubSecrets(text).text !== text).length;
  const secrets = await timed(300_000, () => secretsThroughEveryWrite(root, SECRET_CORPUS));
  rows.push(
    secrets === "hang"
      ? hangRow("secrets corpus")
      : {
          suite: `secrets: ${secrets.formats} formats × 6 writes, all tables dumped`,
          cases: secrets.writes,
          crashes: 0,
          hangs: 0,
          peakMb: mb(process.memoryUsage().rss),
          secrets: secrets.leaks.length,
          lost: dash,
        },
  );
  rows.push({
    suite: `lookalikes left unchanged (${LOOKALIKES.length})`,
    cases: LOOKALIKES.length,
    crashes: 0,
    hangs: 0,
    peakMb: dash,
    secrets: `${altered} altered`,
    lost: dash,
  });

  for (const seed of [1, 2, 3, 4, 5]) {
    const fuzz = await timed(300_000, () => fuzzSessions(root, seed, 2000));
    rows.push(
      fuzz === "hang"
        ? hangRow(`session fuzz seed ${seed}`)
        : {
            suite: `session files, seed ${seed}`,
            cases: fuzz.cases,
            crashes: fuzz.crashes.length,
            hangs: 0,
            peakMb: mb(fuzz.peakRssBytes),
            secrets: dash,
            lost: dash,
          },
    );
  }
  for (const seed of [11, 12, 13]) {
    const cli = await timed(600_000, async () => fuzzCli(root, seed, 2000));
    rows.push(
      cli === "hang"
        ? hangRow(`CLI fuzz seed ${seed}`)
        : {
            suite: `CLI arguments, seed ${seed} (raw controls: ${cli.rawControls})`,
            cases: cli.cases,
            crashes: cli.crashes.length,
            hangs: 0,
            peakMb: mb(cli.peakRssBytes),
            secrets: dash,
            lost: dash,
          },
    );
  }
  const concurrent = await timed(600_000, () => concurrentWriters(root, 24, 15));
  rows.push(
    concurrent === "hang"
      ? hangRow("concurrent writers")
      : {
          suite: `24 concurrent writers (failed: ${concurrent.failedWrites}, integrity ${concurrent.integrity})`,
          cases: concurrent.cases,
          crashes: 0,
          hangs: 0,
          peakMb: dash,
          secrets: dash,
          lost: concurrent.lost,
        },
  );
  const killed = await timed(600_000, () => killDuringWrites(root, 60));
  rows.push(
    killed === "hang"
      ? hangRow("SIGKILL")
      : {
          suite: `SIGKILL mid-write (${killed.acknowledged} acknowledged, integrity ${killed.integrity})`,
          cases: killed.cases,
          crashes: 0,
          hangs: 0,
          peakMb: dash,
          secrets: dash,
          lost: killed.lost,
        },
  );
  const disk = await timed(300_000, () => diskFull(root));
  if (disk === "hang") rows.push(hangRow("disk full"));
  else if (!disk.mounted)
    rows.push({
      suite: "disk full (no tmpfs: not run)",
      cases: 0,
      crashes: dash,
      hangs: 0,
      peakMb: dash,
      secrets: dash,
      lost: dash,
    });
  else
    rows.push({
      suite: `disk full, 2 MB tmpfs (exit ${disk.refusalStatus}, integrity ${disk.integrity})`,
      cases: disk.acknowledged + 1,
      crashes: disk.refusalStatus === 2 ? 0 : 1,
      hangs: 0,
      peakMb: dash,
      secrets: dash,
      lost: disk.lost,
    });
  const foreign = await timed(900_000, () => foreignDatabases(root));
  rows.push(
    foreign === "hang"
      ? hangRow("foreign databases")
      : {
          suite: `foreign DBs, ${foreign.files} ORM shapes: ${foreign.modified.length} files modified, ${foreign.accepted.length} accepted`,
          cases: foreign.cases,
          crashes: foreign.modified.length + foreign.accepted.length + foreign.rawSql.length,
          hangs: 0,
          peakMb: dash,
          secrets: dash,
          lost: dash,
        },
  );
  const damaged = await timed(900_000, () => damagedStores(root));
  rows.push(
    damaged === "hang"
      ? hangRow("damaged stores")
      : {
          suite: `damaged stores, ${damaged.kinds} kinds: ${damaged.accepted.length} writes accepted, recover ${damaged.recovered.integrity || "failed"}`,
          cases: damaged.writes,
          crashes:
            damaged.accepted.length +
            damaged.rawSql.length +
            damaged.checksPassed.length +
            (damaged.recovered.writable ? 0 : 1),
          hangs: 0,
          peakMb: dash,
          secrets: dash,
          lost: dash,
        },
  );
  // Input and process families: each counts its defect in the crashes column.
  const quiet = { hangs: 0, peakMb: dash, secrets: dash, lost: dash };
  const tricks = batchTricks();
  rows.push({
    suite: `batch option order (nested runs; raw C1: ${tricks.rawC1})`,
    cases: tricks.cases,
    crashes: tricks.nested,
    ...quiet,
    hangs: tricks.hung ? 1 : 0,
  });
  const escapes = await verifyEscapes();
  rows.push({
    suite: `verify group escapes (>2 s late; worst +${escapes.worstLateMs} ms, survivors ${escapes.survived})`,
    cases: escapes.cases,
    crashes: escapes.late + escapes.survived,
    ...quiet,
  });
  const oversize = await mcpOversize();
  rows.push({
    suite: `MCP stdio ≥10 MiB (silent exits; stopped serving ${oversize.stoppedServing})`,
    cases: oversize.cases,
    crashes: oversize.silentExits + oversize.stoppedServing,
    ...quiet,
  });
  const patterns = await timed(600_000, () => pathologicalPatterns());
  rows.push(
    patterns === "hang"
      ? hangRow("pathological patterns")
      : {
          suite: `patterns × 5 search surfaces (>2 s: ${patterns.over2s}, worst ${patterns.worstMs} ms; ${patterns.refused} refused)`,
          cases: patterns.cases,
          crashes:
            patterns.over2s +
            patterns.unclear.length +
            patterns.stoppedServing.length +
            patterns.pausedOver2s.length,
          ...quiet,
        },
  );
  const notes =
    patterns === "hang" ? [] : [...patterns.unclear, ...patterns.stoppedServing, ...patterns.pausedOver2s];
  for (const line of notes) console.error(`pathological patterns: ${line}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}

const header: Row = {
  suite: "suite",
  cases: "cases",
  crashes: "crashes",
  hangs: 0,
  peakMb: "peak MB",
  secrets: "secrets stored",
  lost: "writes lost",
};
const cells = (row: Row, isHeader = false) => [
  row.suite,
  String(row.cases),
  String(row.crashes),
  isHeader ? "hangs" : String(row.hangs),
  String(row.peakMb),
  String(row.secrets),
  String(row.lost),
];
const table = [cells(header, true), ...rows.map((row) => cells(row))];
const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
const line = (r: string[]) =>
  `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
console.log(line(table[0]!));
console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
for (const r of table.slice(1)) console.log(line(r));
const dirty = rows.some(
  (r) =>
    r.hangs > 0 ||
    (typeof r.crashes === "number" && r.crashes > 0) ||
    (typeof r.secrets === "number" && r.secrets > 0) ||
    (typeof r.lost === "number" && r.lost > 0),
);
process.exitCode = dirty ? 1 : 0;
