// The "same way" of the loop brake: a digest of a failure's output with the parts that change between two
// runs of the same failure (timings, counters, pids, addresses, temp paths, colours) normalised away, so a
// rerun on an unchanged tree matches and a different failure does not.
import { sha256Hex } from "../../core/hash.ts";

/** Only the end of the output is compared: that is where runners put the failure and the summary. */
const TAIL_LINES = 60;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes are what this removes.
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;
/** pi's bash tool appends the exit status; keel verify does not, and both must digest alike. */
const PI_TRAILER = /^\s*Command (?:exited with code \d+|timed out after [\d.]+ ?\w*|aborted)\s*$/i;
const TEMP_PATH = /(?:\/tmp|\/var\/folders|\/private\/var)\/[^\s:'")]+/g;
const HEX_ID = /\b(?:0x)?[0-9a-f]{8,}\b/gi;
const NUMBER = /\d+(?:[.,]\d+)*/g;

/** One output line with its run-to-run noise replaced by placeholders. */
function normaliseLine(line: string): string {
  return line
    .replace(ANSI, "")
    .replace(TEMP_PATH, "<tmp>")
    .replace(HEX_ID, "<hex>")
    .replace(NUMBER, "0")
    .replace(/\s+/g, " ")
    .trim();
}

/** A short digest of how a command failed; equal for two runs of the same failure. */
export function digestFailureOutput(output: string): string {
  const lines = output
    .split(/\r?\n/)
    .filter((line) => !PI_TRAILER.test(line))
    .map(normaliseLine)
    .filter((line) => line !== "");
  return sha256Hex(lines.slice(-TAIL_LINES).join("\n")).slice(0, 16);
}
