// Public surface of the verbatim strategy, for the pi adapter, the CLI and the benchmarks.

export {
  chooseOfflineBoundary,
  isValidCutPoint,
  nothingToCompact,
  type OfflineBoundary,
} from "./boundary.ts";
export { capLimitChars, MIN_LINE_BUDGET, parseCap, USER_STUB_CHARS } from "./cap.ts";
export { instructionBlocks } from "./instruction-blocks.ts";
export { type CheckpointResult, renderCheckpoint } from "./render.ts";
export { isManagedReorientation } from "./span.ts";
export * from "./types.ts";
