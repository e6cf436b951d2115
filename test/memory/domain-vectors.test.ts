// The software-prose word table (assets/word-vectors/domain.*) beside the general one: the shipped embedder reads
// both, pairs the general table leaves unrelated are related through the domain table, and the corpus it was
// trained on only ever came from permissively licensed packages.
import { describe, expect, it } from "vitest";
import { isPermissive } from "../../scripts/fixtures/domain-corpus.ts";
import { conceptTable } from "../../src/memory/meaning/concepts.ts";
import { loadEmbedder } from "../../src/memory/meaning/embedder.ts";
import { cosine } from "../../src/memory/meaning/vectors.ts";
import { WORD_DIMS } from "../../src/memory/meaning/word-vectors.ts";

describe("the domain word table", () => {
  it("is read beside the general table: each text carries both means", async () => {
    const embedder = await loadEmbedder();
    if (!embedder.ok) throw new Error(embedder.reason);
    expect(embedder.value.dims).toBe(2 * WORD_DIMS + conceptTable().groups);
    const [vector] = await embedder.value.embed(["middleware"]);
    expect(vector!.length).toBe(embedder.value.dims);
  });

  it("relates software words the general English table leaves unrelated (no shared word or concept)", async () => {
    const embedder = await loadEmbedder();
    if (!embedder.ok) throw new Error(embedder.reason);
    for (const [a, b] of [
      ["stdout", "console"],
      ["middleware", "handler"],
      ["flaky", "tests"],
    ]) {
      const [x, y] = await embedder.value.embed([a!, b!]);
      expect(cosine(x!, y!), `${a} / ${b}`).toBeGreaterThan(0.1);
    }
  });
});

describe("the domain corpus's licence filter", () => {
  it("takes permissive licences, an OR with one permissive choice, and an AND only when every term is", () => {
    for (const yes of ["MIT", "ISC", "Apache-2.0", "BSD-3-Clause", "0BSD", "(MIT OR GPL-3.0)", "MIT AND ISC"])
      expect(isPermissive(yes), yes).toBe(true);
    for (const no of [
      "",
      "GPL-3.0",
      "SEE LICENSE IN LICENSE.md",
      "UNLICENSED",
      "MIT AND GPL-2.0",
      "BUSL-1.1",
    ])
      expect(isPermissive(no), no).toBe(false);
  });
});
