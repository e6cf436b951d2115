// Deterministic extraction over a branch (no model): files, errors with resolution, constraints and
// preferences, decisions, the current goal, open loops, earlier summaries tagged as recap, and the ledger
// carried from the previous verified compaction with the changes since it. One linear pass; bounded output.

import { scrubSecrets } from "../../../core/secrets.ts";
import {
  type BranchEntry,
  messageOf,
  numberField,
  stringField,
  type ToolCallInfo,
  textOf,
  toolCallsOf,
} from "../../../session/entries.ts";
import { readRefusal } from "../../../session/refusals.ts";
import { adoptsAskedOption, asksChoice } from "./choice.ts";
import { type Attempt, attemptIdentity, catalogErrors, shellKey } from "./errors.ts";
import { callFileOps, callShape, createFileTracker } from "./files.ts";
import { asksForWay, isApproval } from "./goal-moves.ts";
import { ledgerDelta, ledgerFrom, ledgerOf, recapOf } from "./ledger.ts";
import { bounded } from "./message-reads.ts";
import { bindsBesides, needsNewThing } from "./not-binding.ts";
import { LIST_ITEM, sentencesOf } from "./sentences.ts";
import type {
  DecisionFact,
  Extraction,
  Ledger,
  OpenLoop,
  RecapFact,
  RefusedFact,
  RuleFact,
} from "./types.ts";
import { factsOfUserMessage, TOPIC_LABEL } from "./user-facts.ts";

const MAX_RULES = 300;
const MAX_DECISIONS = 200;
const MAX_ERRORS = 500;
const MAX_LOOPS = 100;
const MAX_PREV_CHARS = 2_000;

export interface ExtractOptions {
  cwd: string;
}

interface Walk {
  attempts: (Attempt & { change: boolean })[];
  rules: RuleFact[];
  decisions: DecisionFact[];
  goal: { text: string; entryId: string } | null;
  request: { text: string; entryId: string } | null;
  /** The assistant's last words, which a terse user reply answers. */
  lastAssistant: string;
  followUps: OpenLoop[];
  refused: RefusedFact[];
  recaps: RecapFact[];
  previous: Ledger | null;
  userMessages: number;
  toolCalls: number;
  /** A user message with more than greetings and thanks has been seen. */
  opened: boolean;
  /** The previous user message's question, when it asked one and requested nothing. */
  lastAsk: string | null;
  /** The assistant's choice question the user answered with a question of their own: still open. */
  openChoice: string | null;
  /** The entry whose bare report (no request, no stated goal) set the goal. */
  reportId: string | null;
  /** The first words of the first user message that says something: the goal when none is named anywhere. */
  opening: { text: string; entryId: string } | null;
}

function exitCodeOf(message: Record<string, unknown>): number | null {
  const details = message.details;
  const code = numberField(details, "exit_code") ?? numberField(details, "exitCode");
  if (code !== undefined) return code;
  const m = /Command exited with code (\d+)\s*$/.exec(textOf(message.content).slice(-200));
  return m ? Number(m[1]) : null;
}

/** Commands and keys pass the one redaction path before they can reach a summary or a details entry. */
function scrubbed(identity: { key: string; command: string }): { key: string; command: string } {
  const command = scrubSecrets(identity.command);
  // The key is built from the command: when the command holds no secret, neither does the key.
  if (command.findings.length === 0) return identity;
  return { key: scrubSecrets(identity.key).text, command: command.text };
}

const squash = (t: string) =>
  t
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[.!?\s]+$/, "")
    .trim();

function onUser(walk: Walk, text: string, entryId: string): void {
  walk.userMessages++;
  // "self-hosted." after "Hosted or self-hosted?", "what would it cost?", "$26 a month": the pick answers the
  // question still open.
  const prev = walk.openChoice ? `${walk.lastAssistant}\n${walk.openChoice}` : walk.lastAssistant;
  const facts = factsOfUserMessage(text, entryId, prev);
  const asked = facts.task === null && facts.request !== null && facts.decisions.length === 0;
  walk.openChoice =
    asked && asksChoice(walk.lastAssistant) ? walk.lastAssistant.slice(-MAX_PREV_CHARS) : null;
  walk.lastAssistant = "";
  walk.decisions.push(...facts.decisions);
  const adopted = adoptsAskedOption(sentencesOf(text)[0]?.text ?? "", walk.lastAsk);
  if (adopted && facts.decisions.length === 0) {
    walk.decisions.push({ text: adopted, marker: "reply", entryId });
    // "OK, leave the IP out then" settles the question asked; it is the choice, not also a rule.
    facts.rules = facts.rules.filter((r) => r.text !== adopted);
  }
  // A stated goal replaces the goal; an intent ("I want to add a log line") or, without one, the first task
  // request (not a question) sets it only when there is none yet.
  const unset = !walk.goal && !walk.previous?.goal;
  // "The field app crashes offline." then "We want the app to keep working offline": the aim named after a
  // bare report replaces the report.
  const reported = walk.goal !== null && walk.goal.entryId === walk.reportId;
  // "Photo print kiosk: payment screen rework" heading the first message names the work with the goal it states.
  const title = unset && !walk.opened ? facts.title : null;
  if (title && facts.goalStatement && !facts.goalStatement.includes(title))
    facts.goalStatement = bounded([title, facts.goalStatement]);
  if (facts.goalStatement && (facts.goalStrength === "stated" || unset || reported))
    walk.goal = { text: facts.goalStatement, entryId };
  else if (facts.task && unset)
    // "ok do that" after "how do i make the tests run in parallel?": the work is the question it answers.
    walk.goal = {
      text: facts.pointsBack && walk.lastAsk ? `${walk.lastAsk} ${facts.task}` : facts.task,
      entryId,
    };
  // The first message that says more than hello opens the work: without a request or a stated goal in it,
  // what it reports or wishes is the goal ("I need the report to run in under a minute."). A session that
  // opens with a question or a remark has no goal until a task or a stated goal comes.
  else if (facts.content && unset && !walk.opened) {
    walk.goal = { text: titled(facts.content, title), entryId };
    walk.reportId = entryId;
  }
  // "do it" after "how do i make the sidebar collapsible?": the way asked about is the work.
  else if (unset && walk.lastAsk && isApproval(text) && asksForWay(walk.lastAsk))
    walk.goal = { text: walk.lastAsk, entryId };
  // "Our docs site needs versioned docs for v2 and v3.": a need for something new, said while the work has no
  // goal, is the work; a sentence that sets the goal is no standing rule.
  const need = !walk.goal && !walk.previous?.goal ? facts.rules.find(needsNewThing) : undefined;
  if (need) walk.goal = { text: need.text, entryId };
  const aim = walk.goal?.entryId === entryId ? squash(walk.goal.text) : "";
  const isAim = (r: RuleFact): boolean => {
    // An item of a list of rules stays a rule, whatever the goal's lines hold.
    if (aim.length < 12 || LIST_ITEM.test(r.text)) return false;
    const said = squash(r.text);
    // The sentence that holds the aim, or a need for something new the aim holds, binds nothing else.
    if (!bindsBesides(r.text) && (said.includes(aim) || (needsNewThing(r) && aim.includes(said))))
      return true;
    // A wish that names the work (the aim may be cut at its length).
    return wishedAim(r) && (aim.includes(said) || said.startsWith(aim.replace(/…$/, "")));
  };
  walk.rules.push(...facts.rules.filter((r) => !isAim(r)));
  if (facts.speaks) walk.opened = true;
  if (walk.opening === null && facts.opening !== null) walk.opening = { text: facts.opening, entryId };
  walk.lastAsk = facts.task === null ? facts.request : null;
  if (facts.request) walk.request = { text: facts.request, entryId };
  for (const loop of facts.followUps) walk.followUps.push({ text: loop, kind: "follow-up", entryId });
}

/** Each tool attempt in order and whether it succeeded: the evidence outcome claims are checked against. */
export interface AttemptEvidence {
  command: string;
  ok: boolean;
  /** What resolves a failure of it (the same key succeeding later). */
  key: string;
  /** It changed files (an edit, a write, a shell write). */
  change: boolean;
}

export function extractBranch(branch: readonly BranchEntry[], options: ExtractOptions): Extraction {
  return extractDetailed(branch, options).extraction;
}

export function extractDetailed(
  branch: readonly BranchEntry[],
  options: ExtractOptions,
): { extraction: Extraction; attempts: AttemptEvidence[] } {
  const { cwd } = options;
  const walk: Walk = {
    rules: [],
    decisions: [],
    goal: null,
    request: null,
    lastAssistant: "",
    openChoice: null,
    reportId: null,
    followUps: [],
    attempts: [],
    refused: [],
    recaps: [],
    previous: null,
    userMessages: 0,
    toolCalls: 0,
    opened: false,
    opening: null,
    lastAsk: null,
  };
  const calls = new Map<string, ToolCallInfo>();
  const files = createFileTracker();
  for (const entry of branch) {
    const recap = recapOf(entry);
    if (recap) {
      walk.recaps.push(recap);
      walk.previous = ledgerOf((entry as { details?: unknown }).details) ?? walk.previous;
      continue;
    }
    const message = messageOf(entry);
    if (!message) continue;
    const role = message.role;
    if (role === "user") onUser(walk, scrubSecrets(textOf(message.content, "\n")).text, entry.id);
    else if (role === "assistant") {
      const said = textOf(message.content);
      if (said.trim() !== "") walk.lastAssistant = said.slice(-MAX_PREV_CHARS);
      for (const call of toolCallsOf(message)) {
        calls.set(call.id, call);
        walk.toolCalls++;
      }
    } else if (role === "toolResult") {
      const call = calls.get(stringField(message, "toolCallId") ?? "");
      if (!call) continue;
      const refusal = readRefusal(message);
      if (refusal) {
        const { command } = scrubbed(attemptIdentity(call.name, callShape(call), call.args, cwd));
        walk.refused.push({ tool: call.name, command, label: refusal.label, entryId: entry.id });
        continue;
      }
      const exitCode = exitCodeOf(message);
      const failed = message.isError === true || (exitCode !== null && exitCode !== 0);
      const shape = callShape(call);
      const ops = callFileOps(shape, cwd, failed);
      files.apply(ops);
      walk.attempts.push({
        change: ops.some((o) => o.op !== "read"),
        ...scrubbed(attemptIdentity(call.name, shape, call.args, cwd)),
        tool: call.name,
        entryId: entry.id,
        failed,
        exitCode,
        output: textOf(message.content),
      });
    } else if (role === "bashExecution") {
      const command = scrubSecrets(stringField(message, "command") ?? "").text;
      const exitCode = numberField(message, "exitCode") ?? null;
      const failed = message.cancelled === true || (exitCode !== null && exitCode !== 0);
      const ops = callFileOps({ kind: "execute", command }, cwd, failed);
      files.apply(ops);
      walk.attempts.push({
        change: ops.some((o) => o.op !== "read"),
        key: shellKey(command, cwd),
        command,
        tool: "bash",
        entryId: entry.id,
        failed,
        exitCode,
        output: stringField(message, "output") ?? "",
      });
    }
  }
  return {
    extraction: finish(walk, files.lists(), branch.length),
    attempts: walk.attempts.map((a) => ({ command: a.command, ok: !a.failed, key: a.key, change: a.change })),
  };
}

function dedupe<T extends { text: string }>(items: T[], max: number): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    const key = item.text.toLowerCase().replace(/\s+/g, " ").trim();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}

/** What the first message says, under its title as written ("Bowls club booking — tidy-up list", whose dash the
 * sentence split took out). */
function titled(content: string, title: string | null): string {
  if (title === null || content.includes(title)) return content;
  const split = title.replace(/\s+[—–-]\s+/, " ");
  return content.startsWith(split)
    ? `${title}${content.slice(split.length)}`
    : (bounded([title, content]) ?? content);
}

/** "Hi, I want to add a map where each beekeeper sells", "pet keys: QR code on each tag": a wish or an ask that
 * names the work is the goal, not a rule too. */
const wishedAim = (r: RuleFact, opening = "") =>
  (r.cue === "want" || (r.text === opening && TOPIC_LABEL.test(opening))) &&
  !/\b(never|always|only|must|mustn't|don't|do not|at (most|least))\b/i.test(r.text);

function finish(walk: Walk, files: Extraction["files"], entries: number): Extraction {
  // The opening taken as the goal of a session that names its work nowhere is no rule too.
  const opening = !walk.goal && !walk.previous?.goal ? walk.opening : null;
  const rules = opening
    ? walk.rules.filter((r) => !(wishedAim(r, opening.text) && squash(opening.text).includes(squash(r.text))))
    : walk.rules;
  const errors = catalogErrors(walk.attempts).slice(-MAX_ERRORS);
  const openLoops: OpenLoop[] = [
    ...errors
      .filter((e) => !e.resolved)
      .map(
        (e): OpenLoop => ({
          text: `unresolved error: ${e.command}`,
          kind: "unresolved-error",
          entryId: e.entryId,
        }),
      ),
    ...dedupe(walk.followUps, MAX_LOOPS),
  ].slice(0, MAX_LOOPS);
  const base = {
    // A session that names its work nowhere is about what its first message says.
    goal: walk.goal?.text ?? walk.previous?.goal ?? walk.opening?.text ?? null,
    goalEntryId: walk.goal?.entryId ?? (walk.previous?.goal ? null : (walk.opening?.entryId ?? null)),
    currentRequest: walk.request?.text ?? null,
    constraints: dedupe(rules, MAX_RULES),
    decisions: dedupe(walk.decisions, MAX_DECISIONS),
    files,
    errors,
    refused: walk.refused.slice(-MAX_ERRORS),
    openLoops,
    recaps: walk.recaps,
    previous: walk.previous,
    stats: { entries, userMessages: walk.userMessages, toolCalls: walk.toolCalls },
  };
  const changes = walk.previous ? ledgerDelta(walk.previous, ledgerFrom(base)) : null;
  return { ...base, changes };
}
