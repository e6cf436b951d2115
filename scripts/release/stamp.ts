// Finds the build stamp a keel binary embeds (see src/core/build-info.ts) among its bytes, without running it:
// how the release checks binaries for platforms this machine cannot execute.
import { STAMP_MARK } from "../../src/core/build-info.ts";

export interface FoundStamp {
  version: string;
  commit: string;
  builtAt: string;
  target: string;
}

const PATTERN = new RegExp(`\\{"mark":"${STAMP_MARK}"[^{}]*\\}`);

export function findStamp(bytes: Uint8Array): FoundStamp | undefined {
  const match = PATTERN.exec(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"),
  );
  if (!match) return undefined;
  try {
    return JSON.parse(match[0]) as FoundStamp;
  } catch {
    return undefined; // a lookalike that is not JSON: treated as no stamp
  }
}
