// Node built-ins loaded on first use. Importing node:crypto or node:child_process at the top pulls in Node's stream
// machinery, and node:os, node:url and node:module each cost a measurable share of a short command's start under
// Bun, also for commands that never use them. process.getBuiltinModule is synchronous and exists on Node >= 22.3,
// Bun and Deno 2.

export const nodeCrypto = () => process.getBuiltinModule("node:crypto");
export const childProcess = () => process.getBuiltinModule("node:child_process");
export const nodeOs = () => process.getBuiltinModule("node:os");
export const nodeUrl = () => process.getBuiltinModule("node:url");
export const nodeModule = () => process.getBuiltinModule("node:module");
