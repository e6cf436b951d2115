// Aho-Corasick over normalised code units: the verifier's fallback when repetitive text (a run of one
// character, a line repeated thousands of times) turns hashed candidates into too many comparisons. Its cost is
// linear in the context plus the needles, whatever the text looks like.

/** Trie edges keyed by `state * 65536 + unit`; states are numbered from the root, 0. */
interface Automaton {
  edges: Map<number, number>;
  /** The longest proper suffix of each state that is also a trie state. */
  fail: Int32Array;
  /** The nearest state along the fail chain (itself excluded) where a needle ends, or -1. */
  output: Int32Array;
  /** Needles ending exactly at each state. */
  ends: Map<number, number[]>;
}

const edgeKey = (state: number, unit: number) => state * 65536 + unit;

function build(needles: readonly Uint16Array[], wanted: readonly number[]): Automaton {
  const edges = new Map<number, number>();
  const ends = new Map<number, number[]>();
  const children: number[][] = [[]];
  const units: number[] = [0];
  for (const index of wanted) {
    let state = 0;
    for (const unit of needles[index]!) {
      let next = edges.get(edgeKey(state, unit));
      if (next === undefined) {
        next = children.length;
        edges.set(edgeKey(state, unit), next);
        children.push([]);
        units.push(unit);
        children[state]!.push(next);
      }
      state = next;
    }
    ends.set(state, [...(ends.get(state) ?? []), index]);
  }
  const fail = new Int32Array(children.length);
  const output = new Int32Array(children.length).fill(-1);
  const queue = [...children[0]!];
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]!;
    for (const child of children[state]!) {
      const unit = units[child]!;
      let f = fail[state]!;
      while (f !== 0 && !edges.has(edgeKey(f, unit))) f = fail[f]!;
      const target = edges.get(edgeKey(f, unit));
      fail[child] = target ?? 0;
      output[child] = ends.has(fail[child]!) ? fail[child]! : output[fail[child]!]!;
      queue.push(child);
    }
  }
  return { edges, fail, output, ends };
}

/** Marks in `found` which needles listed in `wanted` occur in `units` (all normalised). */
export function automatonFind(
  units: Uint16Array,
  needles: readonly Uint16Array[],
  wanted: readonly number[],
  found: boolean[],
) {
  const open = wanted.filter((index) => !found[index] && needles[index]!.length > 0);
  if (open.length === 0) return;
  const { edges, fail, output, ends } = build(needles, open);
  const reported = new Uint8Array(fail.length);
  let state = 0;
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    let next = edges.get(edgeKey(state, unit));
    while (next === undefined && state !== 0) {
      state = fail[state]!;
      next = edges.get(edgeKey(state, unit));
    }
    state = next ?? 0;
    // Each state reports its needles once; the output chain below a reported state was reported with it.
    for (let s = ends.has(state) ? state : output[state]!; s > 0 && reported[s] === 0; s = output[s]!) {
      reported[s] = 1;
      for (const index of ends.get(s) ?? []) found[index] = true;
    }
  }
}
