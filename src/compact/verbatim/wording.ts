// keel's own wording for the checkpoint frame and the re-orientation reminder. Kept apart from layout so the
// text can be reviewed in one place; render.ts decides where each piece goes.

export const RECOVERY_TOOLS = "keel_lookup (ask a question), or keel_grep, keel_entries and keel_entry";

export function checkpointTitle(n: number): string {
  return `# keel checkpoint ${n} (verbatim, written without a model call)`;
}

export const INTRO = [
  "This checkpoint replaces the earlier part of the session. It was built mechanically from the raw session:",
  "user messages and assistant prose are copied word for word (a size cap may shorten them, and says so where it",
  "does), while assistant thinking, tool outputs and the bodies of custom messages are left out. Every tool call",
  "is one line with its outcome: ok, error, not run (its response was cut off before it ran), or unknown when no",
  "single result was paired with it. An outcome describes the tool result only; it does not mean a test passed",
  "or that a file still looks that way. Arguments are abbreviated for reading (paths relative to the working",
  "directory, `.` for that directory in shell commands, sizes instead of file bodies and edit lists), so a",
  "signature is not a command to replay.",
].join("\n");

export const SECRETS_NOTE = [
  "Secrets (keys, tokens, passwords) in this checkpoint are replaced by [redacted:<kind>] markers. The raw",
  "session still holds each original; when the person needs one, find it with keel_grep.",
].join("\n");

export const RECOVERY = [
  "Nothing was deleted. Thinking, full tool arguments and outputs, and anything trimmed remain in the session",
  `and can be recovered with ${RECOVERY_TOOLS}; cite ENTRY ids when you do.`,
  "Use recovery for what this conversation observed or decided; re-read project files for their current contents.",
].join("\n");

export const MIXED_CONTEXT =
  "Mixed context: the block below was written by a model when an earlier compaction summarized the session. It is a paraphrase, not a verbatim record.";

export const TRIM_NOTE =
  "[trimmed to fit the size cap; the original lines stay in the session: keel_grep or keel_entry]";

export const EMPTY_AFTER_TRIM = "(every line of this span was trimmed for size)";

export const FILE_LIST_NOTE =
  "Files read or changed in compacted history, as recorded by tool calls. Annotations describe what the verbatim tail still shows as of this checkpoint, not the live filesystem; shell reads and outside changes are not tracked.";

export const READ_DEFAULT = "unless annotated, no retained read-tool output identified";

export const STARTUP_NOTE =
  "Reads made at session start of files that project instructions name; kept word for word, including any paging notice.";

export const EVIDENCE_BOUNDARY = [
  "Evidence boundary: the signatures and file lists above contain no command output, no file contents and no",
  "rules from documents that were read. Treat anything not shown verbatim here or in the conversation below as",
  "something to recover or re-check before relying on it.",
].join("\n");

export function partialNote(warnings: string[]): string {
  return `Partial checkpoint: ${warnings.join("; ")}. Recover what is missing from the session with the lookup tools.`;
}

export const TAIL_MARKER = "--- end of checkpoint; the conversation continues verbatim below ---";

export interface ReorientationFacts {
  n: number;
  startupPaths: string[];
  trimmedSpans: number;
  hasBase: boolean;
}

/** The reminder's fixed guidance, joined once. */
const REORIENTATION_GUIDANCE = [
  "- Recover only inputs the next step needs: re-read files you are about to change, redo cheap checks, and use",
  `  ${RECOVERY_TOOLS} for earlier output or reasoning that is costly to reproduce.`,
  "- Look at git status and diff before deciding what is done; do not repeat writes that already landed.",
  "- Before replacing an existing file with write, read its current contents unless they are in view; never rebuild unchanged parts from memory.",
  "- Settle task-relevant doubts or contradictions with supporting output or a fresh check; label unsupported claims unverified. Recovered reasoning is a past hypothesis, and old outputs do not show the current state of files, builds or tests.",
].join("\n");

/** The reminder the adapter places last on the first request after compaction (and keeps in history after). */
export function reorientationText(facts: ReorientationFacts): string {
  const startup =
    facts.startupPaths.length > 0
      ? `the startup reads kept in the checkpoint (${facts.startupPaths.join(", ")}) and the verbatim conversation after it are`
      : "the verbatim conversation after the checkpoint is";
  let text = `[keel: resuming after checkpoint ${facts.n}]\nThe earlier conversation was compacted into checkpoint ${facts.n}. Continue from the latest user request; ${startup} available evidence.\n${REORIENTATION_GUIDANCE}`;
  const recap: string[] = [];
  if (facts.hasBase) recap.push("part of the history is a model-written summary");
  if (facts.trimmedSpans > 0) recap.push(`${facts.trimmedSpans} span(s) were trimmed for size`);
  if (recap.length > 0) text += `\nRecap: ${recap.join("; ")}.`;
  return text;
}
