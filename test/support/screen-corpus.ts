// Loads the screen corpus (test/fixtures/guard/screen-corpus.txt and the second batch, screen-corpus-2.txt)
// and splits it in two halves: inside each file, pack and label the cases are ordered by a hash of their text
// and dealt alternately, so the split is fixed by the text alone and a later batch leaves the halves of the
// earlier ones as they were. Rules are tuned on "tune"; "held-out" is only measured.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

export type CorpusLabel = "dangerous" | "harmless";
export type CorpusHalf = "tune" | "held-out";

export interface CorpusCase {
  pack: string;
  label: CorpusLabel;
  command: string;
  half: CorpusHalf;
  /** 1 for screen-corpus.txt, 2 for screen-corpus-2.txt. */
  batch: number;
}

const FILES = ["screen-corpus.txt", "screen-corpus-2.txt"];

const SECTION = /^\[([a-z-]+) (dangerous|harmless)\]$/;
const NEWLINE_MARK = " ⏎ ";

export function loadScreenCorpus(): CorpusCase[] {
  return FILES.flatMap((file, i) => loadBatch(file, i + 1));
}

function loadBatch(file: string, batch: number): CorpusCase[] {
  const text = readFileSync(new URL(`../fixtures/guard/${file}`, import.meta.url), "utf8");
  const groups = new Map<string, { pack: string; label: CorpusLabel; commands: string[] }>();
  let current: { pack: string; label: CorpusLabel; commands: string[] } | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    if (line === "" || line.startsWith("#")) continue;
    const section = SECTION.exec(line);
    if (section) {
      const key = `${section[1]} ${section[2]}`;
      current = groups.get(key) ?? {
        pack: section[1] as string,
        label: section[2] as CorpusLabel,
        commands: [],
      };
      groups.set(key, current);
    } else if (current) current.commands.push(line.split(NEWLINE_MARK).join("\n"));
    else throw new Error(`corpus line before any section: ${line}`);
  }
  return [...groups.values()].flatMap(({ pack, label, commands }) =>
    [...commands]
      .sort((a, b) => digest(a).localeCompare(digest(b)))
      .map(
        (command, i) =>
          ({ pack, label, command, half: i % 2 === 0 ? "tune" : "held-out", batch }) as CorpusCase,
      ),
  );
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
