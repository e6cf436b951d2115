// Vector arithmetic for meaning search, pure: unit vectors packed as int8 with one float scale (a blob per
// record), sign bits for a fast first pass, and a top-k by Hamming distance that the exact int8 dot product then
// re-ranks. Nothing here knows SQL or the model.

/** Bytes of a packed vector: a float32 scale, then one int8 per dimension. */
export const packedBytes = (dims: number) => 4 + dims;

/** A unit vector as a blob: its largest magnitude maps to ±127. */
export function packVector(v: Float32Array): Uint8Array {
  let max = 0;
  for (const x of v) max = Math.max(max, Math.abs(x));
  const scale = max > 0 ? max / 127 : 1;
  const out = new Uint8Array(packedBytes(v.length));
  new DataView(out.buffer).setFloat32(0, scale, true);
  const q = new Int8Array(out.buffer, 4, v.length);
  for (let i = 0; i < v.length; i++) q[i] = Math.round(v[i]! / scale);
  return out;
}

/** Blob bytes as the drivers return them (Uint8Array, Buffer or ArrayBuffer), copied into a fresh array. */
export function blobBytes(value: unknown): Uint8Array | null {
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
  return null;
}

export function unpackScale(blob: Uint8Array): number {
  return new DataView(blob.buffer, blob.byteOffset, 4).getFloat32(0, true);
}

/** Sign bits of a vector, 32 dimensions per word. */
export function signBits(values: ArrayLike<number>, out = new Uint32Array(Math.ceil(values.length / 32))) {
  out.fill(0);
  for (let i = 0; i < values.length; i++) if (values[i]! > 0) out[i >>> 5]! |= 1 << (i & 31);
  return out;
}

export function popcount(x: number): number {
  let n = x - ((x >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
