// Finding and ending what an evidence command started, also the processes that left its process group (setsid,
// double fork): each run carries a marker in its environment, and /proc is searched for it and for the run's
// descendants. Linux only; elsewhere the process-group kill is all there is, and the run says so.
import { readdirSync, readFileSync } from "node:fs";

/** The environment variable that marks an evidence run's processes. */
export const RUN_MARKER = "KEEL_EVIDENCE_RUN";

const hasProc = (): boolean => {
  try {
    return readdirSync("/proc/self").length > 0;
  } catch {
    return false;
  }
};

interface ProcEntry {
  pid: number;
  ppid: number;
  /** Ended but not yet reaped: nothing left to kill. */
  zombie: boolean;
}

function readStat(pid: number): ProcEntry | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined; // gone between the listing and the read
  }
  // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { pid, ppid: Number(fields[1]), zombie: fields[0] === "Z" };
}

function carriesMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes(`${RUN_MARKER}=${marker}`);
  } catch {
    return false; // another user's process, or gone
  }
}

/** Live processes of the run: descendants of `rootPid` and any process carrying the marker. */
export function findRunProcesses(rootPid: number, marker: string): number[] {
  const entries: ProcEntry[] = [];
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const entry = readStat(pid);
    if (entry && !entry.zombie) entries.push(entry);
  }
  const found = new Set<number>();
  const children = new Map<number, number[]>();
  for (const e of entries) children.set(e.ppid, [...(children.get(e.ppid) ?? []), e.pid]);
  if (entries.some((e) => e.pid === rootPid)) found.add(rootPid);
  const stack = [rootPid];
  while (stack.length > 0) {
    for (const child of children.get(stack.pop()!) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      stack.push(child);
    }
  }
  for (const e of entries) if (carriesMarker(e.pid, marker)) found.add(e.pid);
  return [...found];
}

/** False when the signal could not be sent (already gone, or not ours: the re-check counts it as escaped). */
const kill = (pid: number): boolean => {
  try {
    return process.kill(pid, "SIGKILL");
  } catch {
    return false;
  }
};

export interface StrayReport {
  /** Processes found outside the command's own process group and killed. */
  killed: number;
  /** Processes still alive after the kill (pids), or null when this system has no /proc to look in. */
  escaped: number[] | null;
}

/** Kills the run's processes outside its group too, then looks again for survivors. */
export async function endStrayProcesses(rootPid: number, marker: string): Promise<StrayReport> {
  if (!hasProc()) return { killed: 0, escaped: null };
  const first = findRunProcesses(rootPid, marker);
  for (const pid of first) kill(pid);
  let left = first;
  for (let attempt = 0; attempt < 10 && left.length > 0; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    left = left.filter((pid) => readStat(pid)?.zombie === false);
  }
  const again = findRunProcesses(rootPid, marker).filter((pid) => pid !== rootPid);
  for (const pid of again) kill(pid);
  const escaped = [...new Set([...left, ...again])].filter((pid) => readStat(pid)?.zombie === false);
  return { killed: first.filter((pid) => pid !== rootPid).length, escaped };
}

/** One sentence for the evidence record, or "" when nothing strayed. */
export function describeStrays(report: StrayReport): string {
  if (report.escaped === null) return "";
  const parts: string[] = [];
  if (report.killed > 0) parts.push(`${report.killed} process(es) it started were killed`);
  if (report.escaped.length > 0)
    parts.push(`${report.escaped.length} could not be killed and escaped (pid ${report.escaped.join(", ")})`);
  return parts.join("; ");
}
