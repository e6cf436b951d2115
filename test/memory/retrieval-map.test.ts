// The retrieval map's file format and its application: a bad file is refused with a reason, a zero map leaves a
// vector as it was, and a map moves a vector by x + (x A) Bᵀ at unit length.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { composedDims } from "../../src/memory/meaning/compose.ts";
import { conceptTable } from "../../src/memory/meaning/concepts.ts";
import { EMBED_MODEL_ID, packagedModelFiles } from "../../src/memory/meaning/model-files.ts";
import { applyRetrievalMap, decodeRetrievalMap } from "../../src/memory/meaning/retrieval-map.ts";

function mapBytes(dims: number, rank: number, a: number[], b: number[], magic = "KRM1"): Uint8Array {
  const bytes = new Uint8Array(12 + 8 * dims * rank);
  const view = new DataView(bytes.buffer);
  bytes.set([...magic].map((c) => c.charCodeAt(0)));
  view.setUint32(4, dims, true);
  view.setUint32(8, rank, true);
  for (const [i, x] of [...a, ...b].entries()) view.setFloat32(12 + 4 * i, x, true);
  return bytes;
}

describe("retrieval map", () => {
  it("refuses a file with the wrong start or the wrong size", () => {
    expect(decodeRetrievalMap(mapBytes(2, 1, [0, 0], [0, 0], "XXXX"))).toMatchObject({ ok: false });
    const cut = mapBytes(2, 1, [0, 0], [0, 0]).subarray(0, 15);
    expect(decodeRetrievalMap(cut)).toEqual({
      ok: false,
      reason: "the retrieval map holds 15 bytes, not 28",
    });
    expect(decodeRetrievalMap(new Uint8Array(3))).toMatchObject({ ok: false });
  });

  it("a zero map keeps a unit vector, and an empty vector stays empty", () => {
    const map = decodeRetrievalMap(mapBytes(3, 1, [0, 0, 0], [0, 0, 0]));
    if (!map.ok) throw new Error(map.reason);
    expect([...applyRetrievalMap(map.value, new Float32Array([0.6, 0.8, 0]))]).toEqual([
      expect.closeTo(0.6, 6),
      expect.closeTo(0.8, 6),
      0,
    ]);
    expect([...applyRetrievalMap(map.value, new Float32Array(3))]).toEqual([0, 0, 0]);
  });

  it("adds (x A) Bᵀ and returns unit length", () => {
    // A reads the first dimension, B writes it into the second: [1, 0] -> [1, 1] / √2.
    const map = decodeRetrievalMap(mapBytes(2, 1, [1, 0], [0, 1]));
    if (!map.ok) throw new Error(map.reason);
    const out = applyRetrievalMap(map.value, new Float32Array([1, 0]));
    expect(out[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(out[1]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(() => applyRetrievalMap(map.value, new Float32Array(3))).toThrow(/3-d vector for a 2-d map/);
  });
});

describe("the shipped retrieval map", () => {
  const bytes = new Uint8Array(readFileSync(packagedModelFiles()!["retrieval.map"]!));

  it("is named in the model id by its hash, so a new map re-embeds every store", () => {
    expect(EMBED_MODEL_ID).toContain(`+rmap-${createHash("sha256").update(bytes).digest("hex").slice(0, 8)}`);
  });

  it("fits the composed vectors and moves them (it is not a zero map)", () => {
    const map = decodeRetrievalMap(bytes);
    if (!map.ok) throw new Error(map.reason);
    expect(map.value.dims).toBe(composedDims(conceptTable(), 2));
    expect(map.value.b.some((x) => x !== 0)).toBe(true);
  });
});
