// The artifact store on real files: private, atomic, deduplicated writes; size and hash checked reads; symlinks
// refused; a quota that stops spilling; the spill decision; and the read-only inventory.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { artifactInventory } from "../../src/recall/artifacts/inventory.ts";
import { spillCandidate, spilledResult } from "../../src/recall/artifacts/spill.ts";
import { readArtifactText, writeArtifact } from "../../src/recall/artifacts/store.ts";

let dir: string;
let root: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "keel-artifacts-"));
  root = join(dir, "artifacts");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = `héllo ${"z".repeat(20_000)}\n`;

describe("artifact store", () => {
  it("writes privately and reads back only what it wrote", async () => {
    const stored = await writeArtifact(root, "sess-1", text);
    if (!stored.ok) throw new Error(stored.reason);
    expect(stored.value).toMatchObject({
      bytes: Buffer.byteLength(text),
      chars: text.length,
      origin: "sess-1",
    });
    const file = join(root, "sess-1", `${stored.value.sha256}.txt`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, "sess-1")).mode & 0o777).toBe(0o700);
    expect(await readArtifactText(root, stored.value)).toEqual({ ok: true, value: text });
    expect((await writeArtifact(root, "sess-1", text)).ok).toBe(true);
    expect(readdirSync(join(root, "sess-1"))).toEqual([`${stored.value.sha256}.txt`]);

    writeFileSync(file, text.replace("z", "y"));
    expect(await readArtifactText(root, stored.value)).toEqual({
      ok: false,
      reason: "tampered (hash mismatch)",
    });
    writeFileSync(file, `${text}!`);
    expect(await readArtifactText(root, stored.value)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("tampered (size"),
    });
    rmSync(file);
    expect(await readArtifactText(root, stored.value)).toEqual({
      ok: false,
      reason: "missing (the file is gone)",
    });
  });

  it("refuses symlinked folders and files and unsafe origins", async () => {
    mkdirSync(root);
    mkdirSync(join(dir, "elsewhere"));
    symlinkSync(join(dir, "elsewhere"), join(root, "linked"));
    expect(await writeArtifact(root, "linked", text)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("symlink"),
    });
    expect(await writeArtifact(root, "../out", text)).toMatchObject({ ok: false });
    const stored = await writeArtifact(root, "real", text);
    if (!stored.ok) throw new Error(stored.reason);
    const file = join(root, "real", `${stored.value.sha256}.txt`);
    rmSync(file);
    writeFileSync(join(dir, "target.txt"), text);
    symlinkSync(join(dir, "target.txt"), file);
    expect(await readArtifactText(root, stored.value)).toEqual({
      ok: false,
      reason: "the file is a symlink; refused",
    });
  });

  it("stops spilling at the origin's quota instead of evicting", async () => {
    const quota = { files: 2, bytes: 1_000_000 };
    expect((await writeArtifact(root, "s", "one", quota)).ok).toBe(true);
    expect((await writeArtifact(root, "s", "two", quota)).ok).toBe(true);
    expect(await writeArtifact(root, "s", "three", quota)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("quota"),
    });
    expect(readdirSync(join(root, "s"))).toHaveLength(2);
    expect((await writeArtifact(root, "other", "three", quota)).ok).toBe(true);
  });

  it("lists origins read-only, with failed checks", async () => {
    const stored = await writeArtifact(root, "sess-1", text);
    if (!stored.ok) throw new Error(stored.reason);
    writeFileSync(join(root, "sess-1", `${stored.value.sha256}.txt`), text.replace("z", "q"));
    const inventory = await artifactInventory(root, [join(dir, "sessions")]);
    expect(inventory).toMatchObject({
      totalFiles: 1,
      origins: [{ origin: "sess-1", status: "unreferenced-in-scan", files: [{ status: "tampered" }] }],
    });
    expect(readdirSync(join(root, "sess-1"))).toHaveLength(1);
  });
});

describe("spill decision", () => {
  const event = (toolName: string, body: string, isError = false) => ({
    toolName,
    input: { path: "src" },
    content: [{ type: "text", text: body }],
    isError,
  });

  it("spills only large successful search and listing output, scrubbed", () => {
    const long = `${"a".repeat(17_000)} password=hunter22secret`;
    expect(spillCandidate(event("read", long))).toBeUndefined();
    expect(spillCandidate(event("bash", long))).toBeUndefined();
    expect(spillCandidate(event("ls", long, true))).toBeUndefined();
    expect(spillCandidate(event("ls", "short"))).toBeUndefined();
    const candidate = spillCandidate(event("ls", long));
    expect(candidate?.text.endsWith("password=[redacted:credential-assignment]")).toBe(true);
    const result = spilledResult(
      candidate!,
      { sha256: "f".repeat(64), bytes: 1, chars: 1, origin: "s" },
      { truncation: 1 },
    );
    expect(result.details).toMatchObject({
      truncation: 1,
      keelArtifact: { sha256: "f".repeat(64), tool: "ls", source: "ls src" },
    });
    expect(result.content[0]!.text.length).toBeLessThan(2000);
  });
});
