// Public surface of session lookup: what the keel_entries, keel_grep and keel_entry tools and the CLI call.
export { grepTranscript, listEntries, showEntry } from "./lookup.ts";
export { buildTranscript, entryAtLine, type Transcript, type TranscriptEntry } from "./transcript.ts";
export type * from "./types.ts";
