// Content hashing used for project identity and stable ids.
import { nodeCrypto } from "./builtins.ts";

export function sha256Hex(text: string): string {
  return nodeCrypto().createHash("sha256").update(text).digest("hex");
}
