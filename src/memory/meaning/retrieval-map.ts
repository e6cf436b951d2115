// The retrieval map (assets/word-vectors/retrieval.map, trained by scripts/fixtures/train-retrieval-map.py on
// question/answer pairs mined from documentation): a low-rank change of a composed vector, z = x + (x A) Bᵀ, then unit
// length, applied to questions and records alike so that a question lands nearer the record that answers it.
// Pure: bytes in, vectors out.
import { fail, ok, type Result } from "../../core/result.ts";

/** The file's first four bytes. */
const MAGIC = "KRM1";
const HEADER_BYTES = 12;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export interface RetrievalMap {
  dims: number;
  rank: number;
  /** dims × rank, row-major. */
  a: Float32Array;
  b: Float32Array;
}

/** The map in a file's bytes: "KRM1", u32 dims, u32 rank, then A and B as float32 (little endian). */
export function decodeRetrievalMap(bytes: Uint8Array): Result<RetrievalMap> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < HEADER_BYTES || String.fromCharCode(...bytes.subarray(0, 4)) !== MAGIC)
    return fail("the retrieval map does not start with KRM1");
  const dims = view.getUint32(4, true);
  const rank = view.getUint32(8, true);
  const size = dims * rank;
  if (bytes.byteLength !== HEADER_BYTES + 8 * size)
    return fail(`the retrieval map holds ${bytes.byteLength} bytes, not ${HEADER_BYTES + 8 * size}`);
  const read = (at: number) => {
    if (LITTLE_ENDIAN) return new Float32Array(bytes.slice(at, at + 4 * size).buffer); // one copy, aligned
    const out = new Float32Array(size);
    for (let i = 0; i < size; i++) out[i] = view.getFloat32(at + 4 * i, true);
    return out;
  };
  return ok({ dims, rank, a: read(HEADER_BYTES), b: read(HEADER_BYTES + 4 * size) });
}

/** x + (x A) Bᵀ at unit length (x itself when it is all zeros: a text with no known word stays empty). */
export function applyRetrievalMap(map: RetrievalMap, x: Float32Array): Float32Array {
  if (x.length !== map.dims) throw new Error(`keel bug: a ${x.length}-d vector for a ${map.dims}-d map`);
  const { dims, rank, a, b } = map;
  const projected = new Float64Array(rank);
  for (let d = 0; d < dims; d++) {
    const value = x[d]!;
    if (value === 0) continue;
    for (let r = 0; r < rank; r++) projected[r]! += value * a[d * rank + r]!;
  }
  const out = new Float32Array(dims);
  let norm = 0;
  for (let d = 0; d < dims; d++) {
    let value = x[d]!;
    for (let r = 0; r < rank; r++) value += projected[r]! * b[d * rank + r]!;
    out[d] = value;
    norm += value * value;
  }
  if (norm === 0) return out;
  const scale = 1 / Math.sqrt(norm);
  for (let d = 0; d < dims; d++) out[d]! *= scale;
  return out;
}
