// Bounded capture of a command's output, redacted as it streams: output is cut into line-aligned segments
// (a private key block is held until it ends, within a cap), each segment goes through the one redaction
// path, and the SHA-256 digest and the kept tail are of the redacted text, so neither can reveal a secret.
// Memory stays fixed: one pending segment (≤ SEGMENT_CAP) and the last `limit` bytes.
import type { Hash } from "node:crypto";
import { nodeCrypto } from "../../core/builtins.ts";
import { scrubSecrets } from "../../core/secrets.ts";

/** Segments are flushed at a line end once they reach this size... */
const SEGMENT_MIN = 64 * 1024;
/** ...and at this size whatever they hold (a key block longer than this is cut). */
const SEGMENT_CAP = 1024 * 1024;
const NEWLINE = 0x0a;

export interface CapturedOutput {
  /** SHA-256 of the redacted output. */
  sha256: string;
  /** Bytes the command printed (before redaction). */
  bytes: number;
  /** The last `limit` bytes of the redacted output. */
  tail: string;
  truncated: boolean;
  /** Kinds of secrets redacted from the output. */
  redacted: string[];
}

export class OutputTail {
  readonly limit: number;
  private readonly hash: Hash = nodeCrypto().createHash("sha256");
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private chunks: Buffer[] = [];
  private kept = 0;
  private keptTotal = 0;
  private readonly kinds = new Set<string>();
  bytes = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= SEGMENT_MIN) this.flush(false);
  }

  /** The digest and tail of the redacted output (a cut multi-byte character at the tail's start is dropped). */
  finish(): CapturedOutput {
    this.flush(true);
    const joined = Buffer.concat(this.chunks);
    const tail = joined.length > this.limit ? joined.subarray(joined.length - this.limit) : joined;
    return {
      sha256: this.hash.digest("hex"),
      bytes: this.bytes,
      tail: tail.toString("utf8").replace(/^\uFFFD+/, ""),
      truncated: this.keptTotal > tail.length,
      redacted: [...this.kinds],
    };
  }

  private flush(all: boolean): void {
    const buffer = Buffer.concat(this.pending);
    const cut = all || buffer.length >= SEGMENT_CAP ? buffer.length : safeCut(buffer);
    if (cut === 0) {
      this.pending = [buffer];
      return;
    }
    const rest = buffer.subarray(cut);
    this.pending = rest.length > 0 ? [Buffer.from(rest)] : [];
    this.pendingBytes = rest.length;
    this.emit(buffer.subarray(0, cut).toString("utf8"));
  }

  private emit(text: string): void {
    const scrubbed = scrubSecrets(text);
    for (const finding of scrubbed.findings) this.kinds.add(finding.kind);
    const out = Buffer.from(scrubbed.text, "utf8");
    this.hash.update(out);
    this.keptTotal += out.length;
    this.chunks.push(out);
    this.kept += out.length;
    while (this.chunks.length > 1 && this.kept - (this.chunks[0] as Buffer).length >= this.limit) {
      this.kept -= (this.chunks.shift() as Buffer).length;
    }
  }
}

/** Where a segment may end: after its last newline, unless a key block opened before it is still open. */
function safeCut(buffer: Buffer): number {
  const lastNewline = buffer.lastIndexOf(NEWLINE);
  if (lastNewline < 0) return 0;
  const begin = buffer.lastIndexOf("-----BEGIN ");
  if (begin >= 0 && begin < lastNewline && buffer.lastIndexOf("-----END ") < begin) return begin;
  return lastNewline + 1;
}
