// The small record a spilled tool result carries in its details (`keelArtifact`): which content-addressed file
// holds the full output, how big it is and where it came from. Forks copy it with the entry, so lookups are
// authorized per branch by the entries that carry it.
import { asRecord } from "../../session/entries.ts";

export interface ArtifactRecord {
  sha256: string;
  bytes: number;
  chars: number;
  /** The session that wrote the file (its folder under the artifact root). */
  origin: string;
  tool: string;
  source: string;
}

export const ARTIFACT_DETAILS_KEY = "keelArtifact";

export function artifactRecordOf(details: unknown): ArtifactRecord | undefined {
  const raw = asRecord(asRecord(details)?.[ARTIFACT_DETAILS_KEY]);
  if (!raw) return undefined;
  const { sha256, bytes, chars, origin, tool, source } = raw;
  if (typeof sha256 !== "string" || !/^[0-9a-f]{64}$/.test(sha256)) return undefined;
  if (typeof bytes !== "number" || typeof chars !== "number" || typeof origin !== "string") return undefined;
  return { sha256, bytes, chars, origin, tool: String(tool ?? "?"), source: String(source ?? "") };
}

/** Origins become folder names: only ids made of safe characters are accepted. */
export function isSafeOrigin(origin: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(origin);
}
