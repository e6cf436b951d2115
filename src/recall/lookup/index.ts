// Public surface of session lookup: what the keel_entries, keel_grep and keel_entry tools and the CLI call.
export { lookupEntries, lookupEntry, lookupGrep } from "./lookup.ts";
export { buildTranscript, entryAtLine, type Transcript, type TranscriptEntry } from "./transcript.ts";
export type * from "./types.ts";
