// Extraction on the sentence corpus written before the classifier (test/fixtures/extract-sentences/): precision
// and recall per kind on the tuned half and on the held-out half, sentence by sentence and through sessions
// composed from each half, the hand-written sessions' goal, and the blind sets, each written by an engineer who did
// not read the classifier: test/fixtures/blind/ (round three; its failures were read in round four) and
// test/fixtures/blind2/ (round four; its failures were read in round five), test/fixtures/blind3/ (written in
// round four, scored once on round five's final rules, read in round six), test/fixtures/blind4/ (written in
// round five, scored once on round six's final rules, read in round seven), test/fixtures/blind5/ (written in
// round six, scored once on round seven's final rules, read in round eight), test/fixtures/blind6/ (written in
// round seven, scored once on round eight's final rules, read in round nine), test/fixtures/blind7/ (written in
// round eight, scored once on round nine's final rules, read in round ten) and test/fixtures/blind8/ (written in
// round eight, scored once on round ten's final rules, read in round eleven) and test/fixtures/blind9/ (written in
// round eight, scored once on round eleven's final rules, read in round twelve) and test/fixtures/blind10/ (written
// in round eleven, scored once on round twelve's final rules, read in round thirteen) and test/fixtures/blind11/
// (written in round twelve, scored once on round thirteen's final rules, read in round fourteen) and
// test/fixtures/blind12/ (written in round thirteen, scored once on round fourteen's final rules, read in round
// fifteen), test/fixtures/blind13/ (written in round fourteen, scored once on round fifteen's final rules, read in
// round sixteen), test/fixtures/blind14/ (written in round sixteen, scored once on its final rules, read in round
// seventeen), test/fixtures/blind15/ (written in round seventeen, scored once on its final rules, read in round
// eighteen), test/fixtures/blind16/ (written in round seventeen, scored once on round eighteen's final rules,
// read in round nineteen), test/fixtures/blind17/ (written in round nineteen, scored once on its final rules,
// read in round twenty), test/fixtures/blind18/ (written in round twenty, scored once on its final rules, read in
// round twenty-one), test/fixtures/blind19/ (written in round twenty-one, scored once on its final rules, read in
// round twenty-two) and test/fixtures/blind20/ to blind89/ (written from round twenty-two on by engineers who read
// no classifier code, two or more at a time while a round ran; each scored once on the final rules of the round
// before it was read: the column names that round; blind35 was seen in part while round thirty-two was built;
// blinds 64 to 67 were each read in round forty-eight after being scored on round forty-seven's rules; blinds 72 to
// 85 were read two by two in rounds fifty-one to fifty-seven; blinds 86 to 89 were never read).
// Targets
// on every set not tuned on: goal ≥ 0.9, constraints and decisions ≥ 0.9 precision and recall, hard negatives
// taken as rules ≤ 5%.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type BlindScore, hasBlindSet, scoreBlind, scoreLabelledSessions } from "./extract-blind-score.ts";
import {
  type HalfScore,
  precision,
  type Row,
  recall,
  scoreHalf,
  scoreRows,
  type Tally,
} from "./extract-sentences-score.ts";
import { scoreWrittenGoals } from "./extract-sessions-score.ts";
import type { Report } from "./measure.ts";

/** Blind sets under test/fixtures/, oldest first, with the column each gets. */
const BLIND_SETS: Array<[dir: string, column: string]> = [
  ["blind", "blind 1 (read in round 4)"],
  ["blind2", "blind 2 (read in round 5)"],
  ["blind3", "blind 3 (read in round 6)"],
  ["blind4", "blind 4 (read in round 7)"],
  ["blind5", "blind 5 (read in round 8)"],
  ["blind6", "blind 6 (read in round 9)"],
  ["blind7", "blind 7 (read in round 10)"],
  ["blind8", "blind 8 (read in round 11)"],
  ["blind9", "blind 9 (read in round 12)"],
  ["blind10", "blind 10 (read in round 13)"],
  ["blind11", "blind 11 (read in round 14)"],
  ["blind12", "blind 12 (read in round 15)"],
  ["blind13", "blind 13 (read in round 16)"],
  ["blind14", "blind 14 (read in round 17)"],
  ["blind15", "blind 15 (read in round 18)"],
  ["blind16", "blind 16 (read in round 19)"],
  ["blind17", "blind 17 (read in round 20)"],
  ["blind18", "blind 18 (read in round 21)"],
  ["blind19", "blind 19 (read in round 22)"],
  ["blind20", "blind 20 (read in round 23)"],
  ["blind21", "blind 21 (read in round 24)"],
  ["blind22", "blind 22 (read in round 25)"],
  ["blind23", "blind 23 (read in round 26)"],
  ["blind24", "blind 24 (read in round 27)"],
  ["blind25", "blind 25 (read in round 28)"],
  ["blind26", "blind 26 (read in round 29)"],
  ["blind27", "blind 27 (read in round 30)"],
  ["blind28", "blind 28 (read in round 31)"],
  ["blind29", "blind 29 (read in round 31)"],
  ["blind30", "blind 30 (read in round 32)"],
  ["blind31", "blind 31 (read in round 32)"],
  ["blind32", "blind 32 (read in round 33)"],
  ["blind33", "blind 33 (read in round 33)"],
  ["blind34", "blind 34 (read in round 33)"],
  ["blind35", "blind 35 (seen in part in round 32)"],
  ["blind36", "blind 36 (read in round 34)"],
  ["blind37", "blind 37 (read in round 34)"],
  ["blind38", "blind 38 (read in round 35)"],
  ["blind39", "blind 39 (read in round 35)"],
  ["blind40", "blind 40 (read in round 36)"],
  ["blind41", "blind 41 (read in round 36)"],
  ["blind42", "blind 42 (read in round 37)"],
  ["blind43", "blind 43 (read in round 37)"],
  ["blind44", "blind 44 (read in round 38)"],
  ["blind45", "blind 45 (read in round 38)"],
  ["blind46", "blind 46 (read in round 39)"],
  ["blind47", "blind 47 (read in round 39)"],
  ["blind48", "blind 48 (read in round 40)"],
  ["blind49", "blind 49 (read in round 40)"],
  ["blind50", "blind 50 (read in round 41)"],
  ["blind51", "blind 51 (read in round 41)"],
  ["blind52", "blind 52 (read in round 42)"],
  ["blind53", "blind 53 (read in round 42)"],
  ["blind54", "blind 54 (read in round 43)"],
  ["blind55", "blind 55 (read in round 43)"],
  ["blind56", "blind 56 (read in round 44)"],
  ["blind57", "blind 57 (read in round 44)"],
  ["blind58", "blind 58 (read in round 45)"],
  ["blind59", "blind 59 (read in round 45)"],
  ["blind60", "blind 60 (read in round 46)"],
  ["blind61", "blind 61 (read in round 46)"],
  ["blind62", "blind 62 (read in round 47)"],
  ["blind63", "blind 63 (read in round 47)"],
  ["blind64", "blind 64 (read in round 48)"],
  ["blind65", "blind 65 (read in round 48)"],
  ["blind66", "blind 66 (read in round 48)"],
  ["blind67", "blind 67 (read in round 48)"],
  ["blind68", "blind 68 (read in round 49)"],
  ["blind69", "blind 69 (read in round 49)"],
  ["blind70", "blind 70 (read in round 50)"],
  ["blind71", "blind 71 (read in round 50)"],
  ["blind72", "blind 72 (read in round 51)"],
  ["blind73", "blind 73 (read in round 51)"],
  ["blind74", "blind 74 (read in round 52)"],
  ["blind75", "blind 75 (read in round 52)"],
  ["blind76", "blind 76 (read in round 53)"],
  ["blind77", "blind 77 (read in round 53)"],
  ["blind78", "blind 78 (read in round 54)"],
  ["blind79", "blind 79 (read in round 54)"],
  ["blind80", "blind 80 (read in round 55)"],
  ["blind81", "blind 81 (read in round 55)"],
  ["blind82", "blind 82 (read in round 56)"],
  ["blind83", "blind 83 (read in round 56)"],
  ["blind84", "blind 84 (read in round 57)"],
  ["blind85", "blind 85 (read in round 57)"],
  ["blind86", "blind 86 (never tuned)"],
  ["blind87", "blind 87 (never tuned)"],
  ["blind88", "blind 88 (never tuned)"],
  ["blind89", "blind 89 (never tuned)"],
];
/** Round four's tune sessions for rules and choices: lists, long multi-part messages, late rules, look-alikes. */
const RULE_SESSIONS = join(import.meta.dirname, "../../test/fixtures/extract-rule-sessions/sessions.jsonl");
/** Round five's tune and held-out sessions for choices answered in a session and goals set late. */
const CHOICE_DIR = join(import.meta.dirname, "../../test/fixtures/extract-choice-sessions");
/** Round six's goal statements and whole sessions, written from the kinds blind 3 lost, split before any change. */
const GOAL_DIR = join(import.meta.dirname, "../../test/fixtures/extract-goal-sessions");
/** Round seven's whole sessions for recall, written from the kinds blind 4 lost, split before any change. */
const RECALL_DIR = join(import.meta.dirname, "../../test/fixtures/extract-recall-sessions");
/** Round eight's whole sessions for choices and rules, written from the kinds blind 5 lost, split before any change. */
const DECISION_DIR = join(import.meta.dirname, "../../test/fixtures/extract-decision-sessions");
const goalRows = (half: string) =>
  readFileSync(join(GOAL_DIR, `sentences-${half}.jsonl`), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Row);

const pr = (t: Tally) => `${precision(t).toFixed(2)} / ${recall(t).toFixed(2)}`;
const share = (taken: number, of: number) =>
  `${taken} of ${of} (${((100 * taken) / Math.max(1, of)).toFixed(1)}%)`;

export const report: Report = {
  name: "extract-sentences",
  description:
    "extraction classifier: precision / recall per kind, tuned half vs held-out half vs the blind sets",
  run() {
    const tune = scoreHalf("tune");
    const held = scoreHalf("held-out");
    const hard = [scoreHalf("hard-tune"), scoreHalf("hard-held-out")];
    const rare = [scoreHalf("pos-tune"), scoreHalf("pos-held-out")];
    const blinds = BLIND_SETS.map(([dir]): BlindScore | null => (hasBlindSet(dir) ? scoreBlind(dir) : null));
    const writtenTune = scoreWrittenGoals("tune");
    const writtenHeld = scoreWrittenGoals("held-out");
    const round4 = scoreWrittenGoals("tune", "round4");
    const ruleSessions = scoreLabelledSessions(RULE_SESSIONS);
    const r = ruleSessions.sessions;
    const choiceSessions = scoreLabelledSessions(join(CHOICE_DIR, "sessions.jsonl"));
    const c = choiceSessions.sessions;
    const choiceHeld = scoreLabelledSessions(join(CHOICE_DIR, "held-out.jsonl"));
    const h = choiceHeld.sessions;
    const goalSentences = [scoreRows(goalRows("tune")), scoreRows(goalRows("held-out"))];
    const goalSessions = [
      scoreLabelledSessions(join(GOAL_DIR, "tune.jsonl")),
      scoreLabelledSessions(join(GOAL_DIR, "held-out.jsonl")),
    ];
    const recallSessions = ["tune", "held-out"].map((half) =>
      scoreLabelledSessions(join(RECALL_DIR, `${half}.jsonl`)),
    );
    const decisionSessions = ["tune", "held-out"].map((half) =>
      scoreLabelledSessions(join(DECISION_DIR, `${half}.jsonl`)),
    );
    const batchRow =
      (title: string, batch: { sessions: BlindScore["sessions"] }[]) =>
      (label: string, show: (s: BlindScore["sessions"]) => string) => [
        `written sessions, ${title}: ${label}`,
        ...batch.map((g) => show(g.sessions)),
        ...[...hard, ...rare].map(() => "n/a"),
        ...blinds.map(() => "n/a"),
      ];
    const recallRow = batchRow("round seven recall batch", recallSessions);
    const decisionRow = batchRow("round eight decision batch", decisionSessions);
    const goalRow = (label: string, show: (s: BlindScore["sessions"]) => string) => [
      `written sessions, round six goal batch: ${label}`,
      ...goalSessions.map((g) => show(g.sessions)),
      ...[...hard, ...rare].map(() => "n/a"),
      ...blinds.map(() => "n/a"),
    ];
    const goalSentenceRow = (label: string, show: (s: HalfScore) => string) => [
      `sentences, round six goal batch: ${label}`,
      ...goalSentences.map(show),
      ...[...hard, ...rare].map(() => "n/a"),
      ...blinds.map(() => "n/a"),
    ];
    const choiceRow = (label: string, show: (s: BlindScore["sessions"]) => string) => [
      `written sessions, round five choice batch: ${label}`,
      show(c),
      show(h),
      ...hard.map(() => "n/a"),
      ...rare.map(() => "n/a"),
      ...blinds.map(() => "n/a"),
    ];
    const row = (label: string, pick: (s: HalfScore) => Tally) => [
      label,
      pr(pick(tune)),
      pr(pick(held)),
      ...hard.map((h) => pr(pick(h))),
      ...rare.map((h) => pr(pick(h))),
      ...blinds.map((b) => (b ? pr(pick(b.sentences)) : "n/a")),
    ];
    const negatives = (s: HalfScore) => share(s.negativesTaken, s.negatives);
    const session = (show: (b: BlindScore["sessions"]) => string) => [
      ...[...hard, ...rare].map(() => "n/a"),
      ...blinds.map((b) => (b ? show(b.sessions) : "n/a")),
    ];
    return {
      columns: [
        "kind (precision / recall)",
        "tuned half",
        "held-out half",
        "hard: tuned half",
        "hard: held-out half",
        "rare verbs: tuned half",
        "rare verbs: held-out half",
        ...BLIND_SETS.map(([, column]) => column),
      ],
      rows: [
        row("sentences: constraints", (s) => s.sentences.constraint),
        row("sentences: decisions", (s) => s.sentences.decision),
        row("sentences: goal statements", (s) => s.sentences.goal),
        row("sentences: requests", (s) => s.sentences.request),
        [
          "sentences: hard negatives taken as rules",
          negatives(tune),
          negatives(held),
          ...hard.map(negatives),
          ...rare.map(negatives),
          ...blinds.map((b) => (b ? negatives(b.sentences) : "n/a")),
        ],
        row("sessions composed from the sentences: constraints", (s) => s.sessions.constraint),
        row("sessions composed from the sentences: decisions", (s) => s.sessions.decision),
        row("sessions composed from the sentences: goal", (s) => s.sessions.goal),
        ["written sessions: goal", pr(writtenTune.goal), pr(writtenHeld.goal), ...session((b) => pr(b.goal))],
        [
          "written sessions, round four goal batch: goal",
          pr(round4.goal),
          ...[0, ...hard, ...rare].map(() => "n/a"),
          ...blinds.map(() => "n/a"),
        ],
        ["written sessions: constraints", pr(r.constraint), "n/a", ...session((b) => pr(b.constraint))],
        ["written sessions: decisions", pr(r.decision), "n/a", ...session((b) => pr(b.decision))],
        [
          "written sessions: look-alike negatives taken",
          share(r.negativesTaken, r.negatives),
          "n/a",
          ...session((b) => share(b.negativesTaken, b.negatives)),
        ],
        choiceRow("goal", (x) => pr(x.goal)),
        choiceRow("constraints", (x) => pr(x.constraint)),
        choiceRow("decisions", (x) => pr(x.decision)),
        choiceRow("look-alikes taken", (x) => share(x.negativesTaken, x.negatives)),
        goalSentenceRow("goal statements", (x) => pr(x.sentences.goal)),
        goalSentenceRow("look-alikes taken as rules", negatives),
        goalSentenceRow("composed sessions: goal", (x) => pr(x.sessions.goal)),
        goalRow("goal", (x) => pr(x.goal)),
        goalRow("constraints", (x) => pr(x.constraint)),
        goalRow("decisions", (x) => pr(x.decision)),
        goalRow("look-alikes taken", (x) => share(x.negativesTaken, x.negatives)),
        recallRow("goal", (x) => pr(x.goal)),
        recallRow("constraints", (x) => pr(x.constraint)),
        recallRow("decisions", (x) => pr(x.decision)),
        recallRow("look-alikes taken", (x) => share(x.negativesTaken, x.negatives)),
        decisionRow("goal", (x) => pr(x.goal)),
        decisionRow("constraints", (x) => pr(x.constraint)),
        decisionRow("decisions", (x) => pr(x.decision)),
        decisionRow("look-alikes taken", (x) => share(x.negativesTaken, x.negatives)),
      ],
      notes: [
        `${[tune, held, ...hard, ...rare, ...blinds.map((b) => b?.sentences)].map((h) => h?.sessions.count ?? 0).join(" + ")} sessions composed from the sentences (multi-part messages, rule lists, terse replies, a new goal)`,
        `${[writtenTune.count, writtenHeld.count, ...blinds.map((b) => b?.count ?? 0)].join(" + ")} hand-written sessions (test/fixtures/extract-sessions/ tune and held-out; test/fixtures/blind/ to blind89/ labelled with goal, rules, choices and look-alike negatives)`,
        `written-session rules and choices, tuned column: ${ruleSessions.count} sessions of test/fixtures/extract-rule-sessions/ (round four, tune only)`,
        `round five choice batch: ${choiceSessions.count} tune + ${choiceHeld.count} held-out sessions of test/fixtures/extract-choice-sessions/ (held-out written after the round's first changes, never tuned on; main's rules before the round: tune decisions 0.76 / 0.43, held-out decisions 0.56 / 0.36)`,
        `round six goal batch (test/fixtures/extract-goal-sessions/): ${goalSessions.map((g) => g.count).join(" + ")} sessions and ${goalSentences.map((g) => g.sentences.goal.tp + g.sentences.goal.fn).join(" + ")} goal sentences, tune + held-out (written from the kinds blind 3 lost, split before any change; held-out never tuned on)`,
        `round seven recall batch (test/fixtures/extract-recall-sessions/): ${recallSessions.map((g) => g.count).join(" + ")} sessions, tune + held-out (written from the kinds blind 4 lost, split before any change; held-out never tuned on; main's rules before the round: tune goal 0.73 / 0.62, constraints 0.81 / 0.68, decisions 0.85 / 0.85; held-out goal 0.92 / 0.92, constraints 0.88 / 0.79, decisions 0.83 / 0.91)`,
        `round eight decision batch (test/fixtures/extract-decision-sessions/): ${decisionSessions.map((g) => g.count).join(" + ")} sessions, tune + held-out (written from the kinds blind 5 lost, split before any change; held-out never tuned on; main's rules before the round: tune goal 1.00 / 1.00, constraints 0.94 / 0.83, decisions 0.86 / 0.38; held-out goal 1.00 / 1.00, constraints 1.00 / 0.67, decisions 1.00 / 0.45)`,
        "rare verbs (round six): rules whose verb is in no list and their look-alikes, written and split before the part-of-speech shapes (test/fixtures/extract-sentences/pos-*.jsonl); main's rules before the round: constraints 0.96 / 0.50 tuned half, 0.91 / 0.48 held-out half",
        "held-out was never tuned on; blind 1's failures were read in round four and blind 2's in round five (both fixed in general terms only); blind 3's were read in round six; blind 4 was scored once on round six's final rules and its misses read in round seven, blind 5 once on round seven's and read in round eight, blind 6 once on round eight's and read in round nine, blind 7 once on round nine's and read in round ten (fixed in general terms only); blind 8 once on round ten's and read in round eleven, blind 9 once on round eleven's and read in round twelve; blind 10 once on round twelve's and read in round thirteen; blind 11 once on round thirteen's and read in round fourteen; blind 12 once on round fourteen's and read in round fifteen; blind 13 once on round fifteen's and read in round sixteen; blind 14 once on round sixteen's and read in round seventeen; blind 15 once on round seventeen's and read in round eighteen; blind 16 once on round eighteen's and read in round nineteen; blind 17 once on round nineteen's and read in round twenty; blind 18 once on round twenty's and read in round twenty-one; blind 19 once on round twenty-one's and read in round twenty-two; blinds 20 to 27 were each scored once on the final rules of the round before the one that read them (the column says which), blinds 28 and 29 once on round thirty's and read in round thirty-one, blinds 30 to 47 each once on the final rules of the round before the one that read them (the column says which; blind 35 was seen in part in round thirty-two), blinds 48 to 71 likewise (blinds 64 to 67 all read in round forty-eight), blinds 72 to 85 likewise (read two by two in rounds fifty-one to fifty-seven), blinds 86 to 89 scored on rounds fifty-six and fifty-seven and never read; each blind set was written by an engineer who never read the classifier; a gap between the columns is the real figure",
      ],
    };
  },
};
