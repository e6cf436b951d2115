// Content hashing used for project identity and stable ids. Under Bun (the compiled binary) Bun's own hasher does
// it: node:crypto would load Node's stream machinery first, a cost every command that resolves a project paid.
import { nodeCrypto } from "./builtins.ts";

export function sha256Hex(text: string): string {
  if (typeof Bun !== "undefined") return new Bun.CryptoHasher("sha256").update(text).digest("hex");
  return nodeCrypto().createHash("sha256").update(text).digest("hex");
}
