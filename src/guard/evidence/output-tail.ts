// Bounded capture of a command's output: a running SHA-256 digest and byte count of everything, and only
// the last `limit` bytes kept in memory, so a command printing gigabytes costs a fixed amount of RAM.
import type { Hash } from "node:crypto";
import { nodeCrypto } from "../../core/builtins.ts";

export class OutputTail {
  readonly limit: number;
  private readonly hash: Hash = nodeCrypto().createHash("sha256");
  private chunks: Buffer[] = [];
  private kept = 0;
  bytes = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  push(chunk: Buffer): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.chunks.push(chunk);
    this.kept += chunk.length;
    while (this.chunks.length > 1 && this.kept - (this.chunks[0] as Buffer).length >= this.limit) {
      this.kept -= (this.chunks.shift() as Buffer).length;
    }
  }

  /** The digest of all output and its last `limit` bytes as text (a cut multi-byte character is dropped). */
  finish(): { sha256: string; bytes: number; tail: string; truncated: boolean } {
    const joined = Buffer.concat(this.chunks);
    const tail = joined.length > this.limit ? joined.subarray(joined.length - this.limit) : joined;
    const text = tail.toString("utf8").replace(/^\uFFFD+/, "");
    return {
      sha256: this.hash.digest("hex"),
      bytes: this.bytes,
      tail: text,
      truncated: this.bytes > tail.length,
    };
  }
}
