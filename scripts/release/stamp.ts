// Finds the build stamp a keel binary embeds (see src/core/build-info.ts) among its bytes, without running it:
// how the release checks binaries for platforms this machine cannot execute.
import { STAMP_MARK } from "../../src/core/build-info.ts";

export interface FoundStamp {
  version: string;
  commit: string;
  builtAt: string;
  target: string;
}

/** The stamp's opening bytes; the stamp runs from there to the first "}" with no "{" between. */
const OPENING = Buffer.from(`{"mark":"${STAMP_MARK}"`, "latin1");

/** The first stamp among the bytes, found by a native byte search (a binary is over 100 MB: no string copy). */
export function findStamp(bytes: Uint8Array): FoundStamp | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buffer.indexOf(OPENING); at !== -1; at = buffer.indexOf(OPENING, at + 1)) {
    const end = buffer.indexOf("}", at + OPENING.length);
    if (end === -1) return undefined;
    const text = buffer.toString("latin1", at, end + 1);
    if (text.indexOf("{", 1) !== -1) continue; // not a flat object: look further on
    try {
      return JSON.parse(text) as FoundStamp;
    } catch {
      return undefined; // a lookalike that is not JSON: treated as no stamp
    }
  }
  return undefined;
}
