// keel's seed contract: twelve short rules against the ways long agent sessions go wrong. They are the same
// for everyone, cannot be removed by the agent, and can be reworded per user or project by reusing the id.

import type { Origin } from "../../store/schema/origin.ts";

export interface ContractRule {
  id: string;
  text: string;
  /** Where the rule comes from: a layer (seed, personal, team) or who wrote it in this project. */
  origin: "seed" | "personal" | "team" | Origin;
}

const SEED_TEXT: Array<[string, string]> = [
  [
    "k01-restate-the-goal",
    "Keep the user's stated goal and constraints in view; re-read them after every compaction.",
  ],
  [
    "k02-evidence-before-done",
    "Do not call work done without a command run that shows it (keel_verify), and cite its id.",
  ],
  [
    "k03-stay-in-scope",
    "Change only what the task needs; ask before touching unrelated files or rewriting working code.",
  ],
  [
    "k04-read-before-write",
    "Read a file's current contents before replacing it; never rebuild unchanged parts from memory.",
  ],
  [
    "k05-record-decisions",
    "Record each decision and its reason in the journal so it is not argued again later.",
  ],
  [
    "k06-change-after-failure",
    "After a command fails twice the same way, change the approach instead of retrying it.",
  ],
  [
    "k07-no-destructive-shortcuts",
    "Never delete, force-push, reset or overwrite work to get past an obstacle without the user's yes.",
  ],
  [
    "k08-say-what-is-unverified",
    "Label claims you have not checked as unverified; prefer checking them over guessing.",
  ],
  [
    "k09-keep-tests-honest",
    "Do not weaken, skip or delete tests to make them pass; fix the code or report the problem.",
  ],
  [
    "k10-secrets-stay-out",
    "Keep secrets out of code, logs, commits and notes; use the project's secret store or ask.",
  ],
  [
    "k11-ask-when-unclear",
    "When requirements are missing or contradict each other, ask rather than invent them.",
  ],
  [
    "k12-leave-a-trail",
    "Before stopping, summarise what changed, what was verified, and what is still open.",
  ],
];

export const SEED_RULES: readonly ContractRule[] = SEED_TEXT.map(([id, text]) => ({
  id,
  text,
  origin: "seed",
}));
