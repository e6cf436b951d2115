// The deterministic extraction's public surface.
export { type AttemptEvidence, type ExtractOptions, extractBranch, extractDetailed } from "./extract.ts";
export { ledgerFrom, ledgerOf } from "./ledger.ts";
export { classifySentence } from "./rules.ts";
export { sentencesOf } from "./sentences.ts";
export type * from "./types.ts";
