// An in-memory nearest-neighbour index over packed record vectors, pure: growable typed arrays (sign bits,
// int8 values, scales), replace-by-record on add, and a search that ranks every record by Hamming distance of
// sign bits, then re-ranks the closest `pool` by the int8 dot product. Memory: about dims + dims/8 + 8 bytes
// a record (520 KiB per thousand at 512 dimensions).
import { packedBytes, popcount, signBits, unpackScale } from "./vectors.ts";

export interface VectorIndex {
  dims: number;
  words: number;
  size: number;
  seqs: Int32Array;
  bits: Uint32Array;
  values: Int8Array;
  scales: Float32Array;
  /** Record seq → slot. */
  slots: Map<number, number>;
}

export function createIndex(dims: number, capacity = 64): VectorIndex {
  const words = Math.ceil(dims / 32);
  return {
    dims,
    words,
    size: 0,
    seqs: new Int32Array(capacity),
    bits: new Uint32Array(capacity * words),
    values: new Int8Array(capacity * dims),
    scales: new Float32Array(capacity),
    slots: new Map(),
  };
}

function grow(index: VectorIndex): void {
  const capacity = index.seqs.length * 2;
  const copy = <T extends Int32Array | Uint32Array | Int8Array | Float32Array>(
    old: T,
    make: (n: number) => T,
  ) => {
    const next = make(capacity * (old.length / index.seqs.length));
    next.set(old);
    return next;
  };
  index.bits = copy(index.bits, (n) => new Uint32Array(n));
  index.values = copy(index.values, (n) => new Int8Array(n));
  index.scales = copy(index.scales, (n) => new Float32Array(n));
  index.seqs = copy(index.seqs, (n) => new Int32Array(n));
}

/** Adds a record's packed vector, replacing the one it had. False when the blob has the wrong size. */
export function addToIndex(index: VectorIndex, seq: number, blob: Uint8Array): boolean {
  if (blob.byteLength !== packedBytes(index.dims)) return false;
  let slot = index.slots.get(seq);
  if (slot === undefined) {
    if (index.size === index.seqs.length) grow(index);
    slot = index.size++;
    index.slots.set(seq, slot);
    index.seqs[slot] = seq;
  }
  const values = new Int8Array(blob.buffer, blob.byteOffset + 4, index.dims);
  index.values.set(values, slot * index.dims);
  index.scales[slot] = unpackScale(blob);
  index.bits.set(signBits(values, new Uint32Array(index.words)), slot * index.words);
  return true;
}

export interface Neighbour {
  seq: number;
  /** Cosine similarity with the query (approximate: int8 values). */
  similarity: number;
}

/** Slots of the `pool` smallest Hamming distances (a counting pass over the possible distances). */
function closestSlots(index: VectorIndex, query: Uint32Array, pool: number): Int32Array {
  const { words, size, bits } = index;
  const distance = new Uint16Array(size);
  const histogram = new Uint32Array(index.dims + 1);
  for (let s = 0; s < size; s++) {
    let d = 0;
    const base = s * words;
    for (let w = 0; w < words; w++) d += popcount((bits[base + w]! ^ query[w]!) >>> 0);
    distance[s] = d;
    histogram[d]!++;
  }
  let cutoff = 0;
  for (let taken = 0; cutoff <= index.dims && taken + histogram[cutoff]! <= pool; cutoff++)
    taken += histogram[cutoff]!;
  const out = new Int32Array(Math.min(pool, size));
  let n = 0;
  for (let s = 0; s < size && n < out.length; s++) if (distance[s]! < cutoff) out[n++] = s;
  for (let s = 0; s < size && n < out.length; s++) if (distance[s] === cutoff) out[n++] = s;
  return out.subarray(0, n);
}

/** The `k` records most similar to a unit query vector, best first. */
export function nearest(index: VectorIndex, query: Float32Array, k: number, pool = 512): Neighbour[] {
  if (index.size === 0) return [];
  const slots = closestSlots(index, signBits(query), Math.max(pool, k));
  const found: Neighbour[] = [];
  const { dims, values, scales, seqs } = index;
  for (const slot of slots) {
    let dot = 0;
    const base = slot * dims;
    for (let i = 0; i < dims; i++) dot += values[base + i]! * query[i]!;
    found.push({ seq: seqs[slot]!, similarity: dot * scales[slot]! });
  }
  return found.sort((a, b) => b.similarity - a.similarity || a.seq - b.seq).slice(0, k);
}
