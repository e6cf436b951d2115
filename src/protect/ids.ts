// Deterministic ids for items keel creates on the user's behalf: `auto:<kind>:<12 hex>` for extracted items and
// `discovery:fact:<12 hex>` for discoveries, the hex being SHA-256 of "<kind> <content>". A collision with an
// existing id is probed with -2, -3, … and never overwrites the item that holds it.
import { sha256Hex } from "../core/hash.ts";
import type { ItemKind } from "./types.ts";

export const digest12 = (text: string): string => sha256Hex(text).slice(0, 12);

export function generatedId(
  prefix: "auto" | "discovery",
  kind: ItemKind,
  content: string,
  taken: ReadonlySet<string>,
): string {
  const base = `${prefix}:${kind}:${digest12(`${kind} ${content}`)}`;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const probe = `${base}-${n}`;
    if (!taken.has(probe)) return probe;
  }
}
