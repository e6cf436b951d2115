// Aho-Corasick over normalised code units: the verifier's fallback when repetitive text (a run of one
// character, a line repeated thousands of times) turns hashed candidates into too many comparisons. Its cost is
// linear in the context plus the needles, whatever the text looks like. Trie edges live in one open-addressing
// table of typed arrays, so a step is a few array reads rather than a Map lookup.

const EMPTY = -1;

/** Trie edges (state, unit) → state in linear-probing typed arrays; the capacity is fixed at construction. */
class Edges {
  readonly from: Int32Array;
  readonly unit: Uint16Array;
  readonly to: Int32Array;
  readonly mask: number;

  constructor(maxEdges: number) {
    let capacity = 1024;
    while (capacity < maxEdges * 2) capacity *= 2;
    this.from = new Int32Array(capacity).fill(EMPTY);
    this.unit = new Uint16Array(capacity);
    this.to = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  get(state: number, unit: number): number {
    for (let i = (Math.imul(state, 0x9e3779b1) ^ unit) & this.mask; ; i = (i + 1) & this.mask) {
      const from = this.from[i]!;
      if (from === EMPTY) return EMPTY;
      if (from === state && this.unit[i] === unit) return this.to[i]!;
    }
  }

  set(state: number, unit: number, to: number): void {
    let i = (Math.imul(state, 0x9e3779b1) ^ unit) & this.mask;
    while (this.from[i] !== EMPTY) i = (i + 1) & this.mask;
    this.from[i] = state;
    this.unit[i] = unit;
    this.to[i] = to;
  }
}

interface Automaton {
  edges: Edges;
  /** The longest proper suffix of each state that is also a trie state. */
  fail: Int32Array;
  /** The nearest state along the fail chain (itself excluded) where a needle ends, or -1. */
  output: Int32Array;
  /** Needles ending exactly at each state, and 1 for each such state. */
  ends: Map<number, number[]>;
  terminal: Uint8Array;
}

function build(needles: readonly Uint16Array[], wanted: readonly number[]): Automaton {
  const maxStates = wanted.reduce((sum, index) => sum + needles[index]!.length, 1);
  const edges = new Edges(maxStates);
  const ends = new Map<number, number[]>();
  // Children as linked lists (first child, next sibling) and each state's incoming unit, for the BFS below.
  const firstChild = new Int32Array(maxStates).fill(EMPTY);
  const sibling = new Int32Array(maxStates).fill(EMPTY);
  const unitOf = new Uint16Array(maxStates);
  let states = 1;
  for (const index of wanted) {
    const needle = needles[index]!;
    let state = 0;
    for (let at = 0; at < needle.length; at++) {
      const unit = needle[at]!;
      let next = edges.get(state, unit);
      if (next === EMPTY) {
        next = states++;
        edges.set(state, unit, next);
        unitOf[next] = unit;
        sibling[next] = firstChild[state]!;
        firstChild[state] = next;
      }
      state = next;
    }
    ends.set(state, [...(ends.get(state) ?? []), index]);
  }
  const fail = new Int32Array(states);
  const output = new Int32Array(states).fill(EMPTY);
  const queue = new Int32Array(states);
  let tail = 0;
  for (let child = firstChild[0]!; child !== EMPTY; child = sibling[child]!) queue[tail++] = child;
  for (let head = 0; head < tail; head++) {
    const state = queue[head]!;
    for (let child = firstChild[state]!; child !== EMPTY; child = sibling[child]!) {
      const unit = unitOf[child]!;
      let f = fail[state]!;
      while (f !== 0 && edges.get(f, unit) === EMPTY) f = fail[f]!;
      const target = edges.get(f, unit);
      fail[child] = target === EMPTY ? 0 : target;
      output[child] = ends.has(fail[child]!) ? fail[child]! : output[fail[child]!]!;
      queue[tail++] = child;
    }
  }
  const terminal = new Uint8Array(states);
  for (const state of ends.keys()) terminal[state] = 1;
  return { edges, fail, output, ends, terminal };
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
  const { edges, fail, output, ends, terminal } = build(needles, open);
  const reported = new Uint8Array(fail.length);
  let state = 0;
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    let next = edges.get(state, unit);
    while (next === EMPTY && state !== 0) {
      state = fail[state]!;
      next = edges.get(state, unit);
    }
    state = next === EMPTY ? 0 : next;
    // Each state reports its needles once; the output chain below a reported state was reported with it.
    for (let s = terminal[state] === 1 ? state : output[state]!; s > 0 && reported[s] === 0; s = output[s]!) {
      reported[s] = 1;
      for (const index of ends.get(s) ?? []) found[index] = true;
    }
  }
}
