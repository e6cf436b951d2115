// What a sentence says before its grammar is read: a lead-in that only frames the words after it ("i should have
// said this before: …", "two inputs from other people: …", "add one: nobody deploys on a friday"), a choice still
// to make, a halt, a thought taken back. Pure; inputs are normalized lowercase sentences. The sentence classifier
// (rules.ts) reads the rest and passes its reader of a bare sentence in.

import { isDecision } from "./choice.ts";
import { isQuestion } from "./clause.ts";
import { framesProblem, goalReading } from "./goal.ts";
import { isGoalPivot } from "./goal-moves.ts";
import { stripFrames } from "./rule-clauses.ts";
import { ruleIn } from "./rule-grammar.ts";
import type { NegativeWhy, SentenceClass } from "./rules.ts";

const rule = (cue: string): SentenceClass => ({ kind: "constraint", cue });
const negative = (why: NegativeWhy): SentenceClass => ({ kind: "negative", why });

/** A lead-in about the speaker's own words ("i should have said this before", "i forgot to mention") or about who
 * the words come from ("two inputs from other people", "notes i got from others"). */
const FRAMES_WHAT_FOLLOWS =
  /\b(should have (said|mentioned|told)|forgot to (say|mention|tell|add)|(to|must|should) (add|mention|say)|let me (add|say|be clear)|to be clear|for the record|inputs? from|notes? (i|we) got|(things|what) (people|others|they|[a-z]+) (told|asked|said)|from (other people|others|the [a-z]+ team|(the|our|my|their) [a-z'-]+( [a-z'-]+)?)$|(one|another) more thing|if i may|rules? of thumb|(rules?|constraints?|things?) (i|we) (forgot|missed|didn't mention)|(list|rules) (i|we) (have to|must) (respect|follow)|important bits|before you (go (any )?further|go on|start|continue|carry on))\b/;

/** "oh wait, i should have said this before: never overwrite a reading …", "two inputs from other people: the dpo
 * says …": a lead-in that only frames what follows; the words after the colon are read on their own. */
export function ruleAfterLeadIn(
  bare: string,
  classifyBare: (bare: string) => SentenceClass,
): SentenceClass | null {
  // "also the training data, please not shuffle the validation set": the topic named, then the rule about it.
  const topic =
    /^((also|and|oh|now) )?(for |about |re |regarding )?(the|our|this)( [a-z0-9_-]+){1,3}, (?=((please|pls) (not|don't|never)|(don't|do not|never|always|keep|only) [a-z]+ [a-z])\b)(.+)$/.exec(
      bare,
    );
  if (topic) {
    const said = classifyBare(stripFrames(topic.at(-1) as string));
    if (said.kind === "constraint" || said.kind === "preference") return said;
  }
  const m = /^([^:"“`]{3,80}?): (.{8,})$/.exec(bare);
  if (
    !m ||
    (m[1] as string).split(" ").length > 10 ||
    isQuestion(bare) ||
    !FRAMES_WHAT_FOLLOWS.test(m[1] as string)
  )
    return null;
  const lead = classifyBare(stripFrames(m[1] as string));
  if (lead.kind === "constraint" || lead.kind === "preference" || lead.kind === "decision") return null;
  const said = classifyBare(stripFrames(m[2] as string));
  if (said.kind === "constraint" || said.kind === "preference") return said;
  // "some rules i forgot: emails are the unique key, …": what an announcement of rules heads is a rule.
  return said.kind === "plain" && /\b(rules?|constraints?|requirements?)\b/.test(m[1] as string)
    ? rule("listed")
    : null;
}

/** Shapes settled before the grammar runs: a rule after a short lead-in, a choice still to make, a halt, a
 * thought taken back. */
export function earlyClass(bare: string): SentenceClass | null {
  // "add one: nobody deploys on a friday": a short lead-in, then the rule.
  // "requirements from the a11y review: labels must be translatable": a longer lead names where rules come from.
  const lead =
    /^((?:[a-z']+ ){0,3}[a-z']+|(?:requirements|constraints|rules|acceptance( criteria)?|conditions|non-negotiables)(?: [a-z0-9'-]+){1,5}): (.+)$/.exec(
      bare,
    );
  if (lead && !isQuestion(bare) && !isDecision(bare) && goalReading(bare) === null && !framesProblem(bare)) {
    const said = stripFrames(lead.at(-1) as string);
    const stated = ruleIn(said, said);
    if (stated && stated.cue !== "imperative") return stated;
  }
  // "we have to choose how to store the files": a choice still to make is work, not a rule.
  if (
    /^(we|i) (have|need|got|'ve got) to (choose|pick|decide)\b|^(let's|lets) (pick|choose|decide) (between|which|how|what)\b/.test(
      bare,
    )
  )
    return { kind: "request" };
  // "Stop." halts the work now; "stop adding comments" is the rule.
  if (/^(stop|wait|hold on|hang on|pause)( (it|that|there|now|please|for now))?[.!]*$/.test(bare))
    return { kind: "request" };
  // "I was going to say we should use a cron library, but never mind": a thought taken back.
  // "never mind the docs, qa just found …" drops the old work for news: a new goal (goal.ts), not a retraction.
  if (
    !isGoalPivot(bare) &&
    goalReading(bare) === null &&
    /^(i was (going|about) to (say|suggest|ask)|never ?mind)\b|\bbut never ?mind[.!]*$/.test(bare)
  )
    return negative("remark");
  return null;
}
