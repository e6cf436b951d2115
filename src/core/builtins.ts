// node:crypto and node:child_process, loaded on first use. Importing either at the top pulls in Node's stream
// machinery, which cost the compiled CLI several milliseconds on every start, also for commands that never hash
// or spawn. process.getBuiltinModule is synchronous and exists on Node >= 22.3, Bun and Deno 2.

export const nodeCrypto = () => process.getBuiltinModule("node:crypto");
export const childProcess = () => process.getBuiltinModule("node:child_process");
