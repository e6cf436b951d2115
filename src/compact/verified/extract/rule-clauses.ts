// Rules read from one clause: a rule passed on from someone else, a condition and its instruction, a rule whose
// verb no list names (read from its shape), a condition written as an arrow, and whether a change asked once
// holds from now on. Pure; inputs are normalized lowercase clauses. The sentence as a whole is read in rules.ts.

import {
  EVERY_WHEN,
  isImperative,
  looksImperative,
  mainClauseAfterCondition,
  PAST_TIME,
  PAST_VERB,
  TROUBLE,
  WOULD,
} from "./clause.ts";
import { isAssignment, isWantedThing } from "./goal.ts";
import { tagWords } from "./pos-tagger.ts";
import { amountRule } from "./rule-amounts.ts";
import { GENERAL, ruleIn, standingImperative } from "./rule-grammar.ts";
import { opensWithVerb, ruleShapeOf, statesToldNorm } from "./rule-shape.ts";
import { classifiesCase } from "./rule-statements.ts";
import type { NegativeWhy, SentenceClass } from "./rules.ts";
import { ADDITION, statesPractice } from "./told.ts";

const rule = (cue: string): SentenceClass => ({ kind: "constraint", cue });
const negative = (why: NegativeWhy): SentenceClass => ({ kind: "negative", why });

/** Leading frames that carry no meaning of their own ("hey, one thing:", "thanks!", "ok so"). */
const FRAME =
  /^((hey|hi|hello)( there| all| everyone| folks| team)?|(fine|ok|okay|good|great|right|sure|yes|yeah) (but|and)(?= [a-z])|(yes|yeah|yep)(?= (only|never|always|nobody|no one|every|each|all|we|it's)\b)|yo|um+|uh+|erm|basically|thanks|thank you|ok|okay|so|also|and|but|one (more )?thing|important|note(?=[,:!.—-])|do(?= (keep|use|make|add|remember|write|leave|include|avoid|follow|check|run|test|document)\b)|btw|please|pls|kindly|next time|i think|hmm+|alright|well|oh|after thinking about it|thinking more about it|again|remember|actually|if you (have|get) (the |a )?(time|chance|moment|minute)( today| now| later)?|if (you can|possible|you don't mind|that's ok|it's not too much trouble)|when you (get|have) a (chance|moment|minute|sec)|(picking up|continuing|carrying on|following up|back to it|back)( from [a-z' ]{2,30})?:|(quick )?(recap|update|status|fyi|for context):|for the record|anyway|anyhow|in any case|hallo|hiya|howdy|greetings|(the |one )?(main |big |only )?(thing|point) to (keep in mind|remember|bear in mind|know|note|watch) (is|here is)( that)?|(keep|bear) in mind( that)?|note that)[,:!.—-]*\s+|^(fine|right|yes|yeah|no|sure|first(ly)?|second(ly)?|third(ly)?|fourth(ly)?|fifth(ly)?|finally|lastly|after that|afterwards|last but not least|nb|n\.b\.|heads up|reminder|ps|p\.s\.|one last thing)\s*[,:!.—-]+\s+/;

/** Who the speaker is, said before what they ask: "i help run our cricket club's teas and …", "i'm the treasurer
 * and …". */
const SPEAKER_INTRO =
  /^(i|we) (help (to )?run|look after|manage|organi[sz]e|coordinate|volunteer (at|with|for|in)|work (at|for|in)|am|'m|are|'re) (our|the|a|an) [^,.;]{1,50}? and (?=(i|we)\b)/;

export function stripFrames(n: string): string {
  let out = n;
  for (let i = 0; i < 6; i++) {
    const next = out.replace(FRAME, "").replace(ADDITION, "").replace(SPEAKER_INTRO, "");
    if (next === out) break;
    out = next;
  }
  return out;
}

/** "across the repo": how wide one change reaches, not a scope that holds from now on. */
export const WHOLE_REPO =
  /\bacross (the |our |this )?(whole |entire )?(codebase|code base|repo|repository|project|app|monorepo|file|module|class|component|package)\b/;

/** Whether a change asked with "we need to" / "we should" holds from now on ("add a test for every endpoint")
 * rather than being one piece of work ("add rate limits to the public api"): a bare plural object alone does
 * not make a change verb standing. */
export function standingChange(change: string): boolean {
  // "rename the helpers across the codebase" is one change however wide; "across every service" stays general.
  const c = change.replace(EVERY_WHEN, "").replace(WHOLE_REPO, "").replace(/\s+/g, " ").trim();
  // "stop the suite from timing out": a fault to end once, not a habit to give up.
  if (/^(stop|prevent|keep) [a-z0-9 ./'-]{2,60}? from [a-z]{3,}ing\b/.test(c)) return false;
  const found = ruleIn(c, c);
  return found !== null && (found.cue !== "imperative" || GENERAL.test(c));
}

/** "legal says we can't store IPs": a rule the user passes on is the user's constraint. */
export function passedOn(verb: string, inner: string): SentenceClass {
  if (/^["'“`]/.test(inner)) return negative("quoted");
  if (inner.endsWith("?")) return negative("question");
  // 'my coworker asked "why not redux?"' with the quote taken out passes on no words at all.
  if (inner.split(" ").filter((w) => /[a-z]/.test(w)).length < 2) return negative("quoted");
  // "our accountant prefers a separate document type, so let's do that": their way, taken up as ours.
  if (/, so (let's|lets|we'll|we will|we go with)\b/.test(inner))
    return { kind: "decision", marker: "choice" };
  // "release manager says the submission bounced": news told on, not a rule.
  if (/^(says|said|told (us|me)|tells (us|me))$/.test(verb) && PAST_VERB.test(inner) && !ruleIn(inner, inner))
    return negative("remark");
  // "our committee ruled that damaged kit is quarantined until a coach checks it": a ruling is a rule unless it tells
  // what was done.
  if (/^(ruled|rules|has ruled)$/.test(verb) && !PAST_VERB.test(inner)) return rule("passed on");
  // "the trustees have decided no volunteer drives more than two rounds a week": a standing decision passed on is a
  // rule; "the committee decided to close early" tells of one act.
  if (/decided$/.test(verb)) {
    if (/^(to|that (we|i) (should|would|will|'ll))\b/.test(inner) || PAST_VERB.test(inner))
      return negative("remark");
    return ruleIn(inner, inner) || /^(no|nobody|no one|every|each|only|all)\b/.test(inner)
      ? rule("passed on")
      : negative("remark");
  }
  // "the insurer wants an access log kept for five years": how long a thing is kept, passed on, is a rule.
  if (amountRule(inner)?.cue === "amount term") return rule("passed on");
  // "the diocese has asked every tower for a safeguarding log": work asked of everyone, ours among them.
  if (
    /^(asked|asks|has asked|have asked)$/.test(verb) &&
    /^(every|each|all) [a-z' -]{2,40}? (for|to) /.test(inner)
  )
    return { kind: "goal", strength: "intent" };
  // "the coach wants to be able to book rink 1 every wednesday": what they want to be able to do is work asked for.
  if (/^(want|need)/.test(verb) && /^to be able to [a-z]/.test(inner))
    return { kind: "goal", strength: "intent" };
  // "the police liaison wants callout reports filed within 24 hours": how a kind of thing is to be handled.
  if (
    /^(want|need|expect)/.test(verb) &&
    /^[a-z' -]{2,40}?s (recorded|filed|logged|kept|stored|sent|signed|checked|approved|reported|listed|counted|shown)( separately)? (separately|within|by|before|after|every|each|on|in|at|for|from)\b/.test(
      inner,
    )
  )
    return rule("passed on");
  // "environmental health wants the storage temperature logged for anything with fresh cream": for every case.
  if (
    /^(want|need|expect)/.test(verb) &&
    /\b(any|anything|anyone|every|each)\b/.test(inner) &&
    !/^(a|an|some|one)\b/.test(inner) &&
    !isAssignment(inner) &&
    !PAST_TIME.test(inner)
  )
    return rule("passed on");
  if (/^(want|need|ask|expect)/.test(verb) && isAssignment(inner))
    return { kind: "goal", strength: "stated" };
  if (/^(want|need|ask)/.test(verb) && isWantedThing(inner)) return { kind: "goal", strength: "intent" };
  // "the parish council has asked for the site to carry the minibus as well": work asked for, passed on.
  if (
    /^ask/.test(verb) &&
    /^for (the|a|an|some|changes|more|new|our|their)\b/.test(inner) &&
    !ruleIn(inner, inner)
  )
    return { kind: "goal", strength: "intent" };
  if (ruleIn(inner, inner)) return rule("passed on");
  // "ops told me they need the report as a csv": what the party needs, said of them.
  if (/^(they|he|she) (need|needs|want|wants|require|requires|expect|expects|insist|insists)\b/.test(inner))
    return rule("passed on");
  // "when the buyer has a vat id, the invoice shows 0%": a condition and what then holds, told on.
  if (mainClauseAfterCondition(inner) !== null && /, /.test(inner)) return rule("passed on");
  // "per the design team, the primary button is always on the right": a standing fact passed on.
  if (/\b(always|never|only|every|each|everywhere|at all times|at most|at least|no more than)\b/.test(inner))
    return rule("passed on");
  if (
    /^(want|insist|require|demand|need|ask|mandate|expect|is adamant|are adamant|forbid|won't|will not|prefer|doesn't|does not|don't|do not)/.test(
      verb,
    )
  )
    return rule("passed on");
  if (/^no [a-z]/.test(inner) || statesPractice(inner)) return rule("passed on");
  // "our landlord says the standpipe is locked between november and march": how a thing is kept, told on in the
  // present passive ("… says the boiler is broken" reports trouble).
  if (
    /^[a-z0-9' -]{2,50}? (is|are) (?!(broken|damaged|flooded|stolen|delayed|lost|missing|finished|done|fixed|sorted|gone|away|booked up|sold out|closed down|worried|annoyed|upset|pleased|happy|sure|aware|interested|tired|bored|confused|excited)\b)([a-z]{3,}(ed|en)|stood down|kept|held|paid|sent|shut|set|put|let|cut)( down| out| off| up)? (between|until|after|before|on|at|to|from|for|by|every|each|only|once|when|unless)\b/.test(
      inner,
    ) &&
    !PAST_TIME.test(inner)
  )
    return rule("passed on");
  // "per the committee, anyone joining after may starts at the bottom": how a class of things goes, told on.
  if (statesToldNorm(inner, tagWords)) return rule("passed on");
  return negative("remark");
}

/** What follows in a case: someone or something of the business in the present, losing, stopping or standing in. */
const CONSEQUENCE =
  /^(it|they|their [a-z0-9 _'-]{2,30}|his [a-z0-9 _'-]{2,30}|her [a-z0-9 _'-]{2,30}|the [a-z0-9 _'-]{2,30}|that [a-z]+|[a-z]+s) (stops|stop|lapses|lapse|expires|expire|is off|are off|is cancelled|are cancelled|is void|are void|ends|end|pause|pauses|is suspended|are suspended|loses|lose|wins|win|forfeits|forfeit|pays|pay|cleans|clean|covers|cover|takes over|take over|steps in|step in|is charged|are charged|is refunded|are refunded|is fined|are fined|keeps|keep|drops out|drop out|sits out|sit out|waits|wait|decides|decide|has the final say|have the final say)\b/;

/** "when the build breaks, stop and ask me": a condition with an instruction is a rule. */
export function conditional(main: string, whole: string): SentenceClass {
  const clause = stripFrames(main).replace(/^(then|in that case|in which case|if so),? /, "");
  // "never retry, that would charge people twice": only the instruction's own clause can be hypothetical.
  const own = clause.split(/, /)[0] as string;
  if (WOULD.test(own) && !/\b(i'd|i would) (like|rather|prefer)\b/.test(own)) return negative("hypothetical");
  if (/^(i|we) (want|need|expect|'d like)\b/.test(clause)) return rule("condition");
  if (looksImperative(clause) || /^(don't|do not|dont|never|no|stop|avoid)\b/.test(clause))
    return rule("condition");
  // "if a template has no text version, you create one": a present-tense instruction to "you" or "we".
  if (
    /^(you|we) (just |simply |always |then )?[a-z]+ /.test(clause) &&
    looksImperative(clause.replace(/^(you|we) /, ""))
  )
    return rule("condition");
  // "when the queue backs up, shed the oldest jobs": an instruction whose verb no list names.
  if (!WOULD.test(own) && opensWithVerb(own, tagWords)) return rule("condition");
  // "if an event fails to deserialize, it goes to the dead-letter topic": where the case is routed, as it must be.
  if (
    /^(it|they|he|she|its [a-z0-9 _-]{2,30}|their [a-z0-9 _-]{2,30}|his [a-z0-9 _-]{2,30}|her [a-z0-9 _-]{2,30}|the [a-z0-9 _-]{2,30}|that [a-z0-9 _-]{2,30}) (goes|go|gets|get|lands|land|ends up|moves|move|drops|drop|falls|fall|is|are) (sent|moved|written|skipped|dropped|retried|logged|rejected|marked|routed|queued|kept|discarded|frozen|locked|read-only|immutable|disabled|hidden|shown|greyed out|blocked|flagged|to|into|in|back|down)\b/.test(
      clause,
    ) &&
    !WOULD.test(own)
  )
    return rule("condition");
  // "if fewer than four sign up, the day becomes a members-only session", "when a clean is missed, that person goes
  // first next week": what the case turns into.
  if (
    /^(it|they|that [a-z]+|the [a-z0-9 _'-]{2,30}|this [a-z]+) (becomes|become|turns into|counts as|count as|goes first|go first|goes last|goes to the (top|bottom|front|back))\b/.test(
      clause,
    ) &&
    !WOULD.test(own)
  )
    return rule("condition");
  // "if readings stop for 15 min, that's its own alarm": the case is given its own handling.
  if (classifiesCase(clause)) return rule("condition");
  // "if a customer misses three collections, their standing order stops", "if no one is free, the duty instructor
  // cleans": what the business does or lets happen in the case, said in the present.
  // "if you look at the logs, the numbers lose precision" reports what is seen.
  if (
    CONSEQUENCE.test(clause) &&
    !WOULD.test(own) &&
    !TROUBLE.test(clause) &&
    !PAST_TIME.test(clause) &&
    !/^(if|when|whenever) (you|i|we) (look|check|see|ask|read|search|compare|zoom|open|try|test)\b/.test(
      whole,
    )
  )
    return rule("condition");
  return ruleIn(clause, whole) ?? { kind: "plain" };
}

/** A rule whose verb is in no list, read from its shape (rule-shape.ts); a one-off imperative is a request. */
export function ruleByShape(bare: string): SentenceClass | null {
  const words = bare.split(" ").length;
  if (words < 2 || words > 30 || WOULD.test(bare)) return null;
  const c = bare.replace(/[.!]+$/, "");
  // A verb the grammar lists was judged there: a one-off step stays a request.
  if (isImperative(c)) return null;
  const shape = ruleShapeOf(c, tagWords);
  if (shape === "norm") return rule("norm");
  // "stub the network in unit tests": a scope that names a class of things makes the imperative standing.
  const scoped =
    !/^[a-z-]+ (it|this|that|them)\b/.test(c) &&
    /\b(in|across|inside|within) (the )?(?!(this|that|my|our|your|a|an|its|batch|chunk|piece|part|step)\b)([a-z-]+ )?[a-z-]{3,}s\b/.test(
      c,
    );
  if (shape === "imperative") return standingImperative(c, c, true) || scoped ? rule("imperative") : null;
  return null;
}

/** "anything over 2 MB → reject with 413", "on failure -> page me": a condition written as an arrow. */
export function arrowRule(bare: string): SentenceClass | null {
  const m = /^(.{2,80}?)\s*(?:→|->|=>)\s*(.+)$/.exec(bare);
  if (!m || /(→|->|=>)/.test(m[2] as string)) return null;
  return looksImperative(m[2] as string) || ruleIn(m[2] as string, m[2] as string) ? rule("condition") : null;
}

/** "i'd like all dates written day first", "i'd like the list sorted by surname": a thing the speaker wishes kept
 * a way. Wished of every case it is a rule; of one named thing it is the work; "i'd like that fixed" points back. */
const WISHED_DONE =
  /^(?:(?:so|and|also|now|ok|okay),? )?(?:i|we)(?:'d| would) (?:really )?(?:like|prefer|love) (?!(?:to|it|that|this|them|you|a|an|some)\b)((?:all|every|each|any|the|our|my|these|those) )?[a-z0-9' -]{2,40}? (?:[a-z]{3,}ed|written|sent|kept|shown|done|made|put|set|left|taken|given|split)\b/;

export function wishedDone(bare: string): SentenceClass | null {
  const m = WISHED_DONE.exec(bare);
  if (m === null) return null;
  if (/^(all|every|each|any) $/.test(m[1] ?? "") || GENERAL.test(bare) || STANDING_SPAN.test(bare))
    return rule("want");
  return /^(the|our|my|these|those) $/.test(m[1] ?? "") ? { kind: "goal", strength: "intent" } : null;
}

/** "for the rest of this work", "from here to the end": the span of the session a wish holds for. */
const STANDING_SPAN =
  /\bfor the rest of (this|the) (work|session|project|job|chat|conversation|season|year)\b/;

/** "the server copy wins, always": a way things go, insisted on for every case; "24h clock always", "public never":
 * a thing named with no verb, then held to for good. */
export function isInsisted(bare: string): boolean {
  if (
    /^[a-z].{4,}, (always|every time|every single time|no exceptions|without exception|full stop|period|end of story)(, even [^,]{2,40})?[.!]*$/.test(
      bare,
    )
  )
    return true;
  // "great work as always" praises; "as always" holds nothing.
  // "meeting point is always the arrivals coffee shop, we not change this": held to, said so after.
  if (/^[a-z].{4,}, (we|they) (don't|do not|not|never|won't|will not) change (this|that|it)[.!]*$/.test(bare))
    return true;
  // "u13 and up always £30": a class and its figure, held to.
  if (/^[a-z0-9][a-z0-9' +-]{1,30} always [£$€]?\d[\d.,]*( [a-z]+)?[.!]*$/.test(bare)) return true;
  const named = /^([a-z0-9][a-z0-9' -]{1,30}?)(?<!\bas),? (always|never)[.!]*$/.exec(bare)?.[1];
  return (
    named !== undefined &&
    named.split(" ").length <= 4 &&
    tagWords(named).every((w) => !/^(VERB|AUX|PRON|ADV)$/.test(w.tag))
  );
}

/** "reject the whole feed when calendar.txt is missing": an instruction, then the case it holds in. */
export function instructionInCase(bare: string): boolean {
  const cased = /^([^,]{3,80}?) (when|whenever|if|unless|as soon as) ([a-z0-9].{3,})$/.exec(bare);
  return (
    cased !== null &&
    !WOULD.test(bare) &&
    // "see if the warning goes away", "back when we started": a check or a time told, not a case.
    !/\b(see|check|find out|figure out|tell me|ask|know|wonder|test|verify|confirm|back)$/.test(
      cased[1] as string,
    ) &&
    !PAST_VERB.test(cased[1] as string) &&
    !/^(tell|let|show|ask|ping|call|text|notify|wake|send|email|give|forward) (me|us)\b|^help\b/.test(
      cased[1] as string,
    ) &&
    !/\b(problem|bug|issue|error|crash|crashes|fails?|broken)\b/.test(bare) &&
    (isImperative(cased[1] as string) || opensWithVerb(cased[1] as string, tagWords)) &&
    // "fix it when you have time", "upgrade django if there's time": the case is the assistant's convenience.
    !/^(you|there's|there is|there are|possible|it's possible|needed|necessary|time permits|we have time|i'm|i am)\b/.test(
      cased[3] as string,
    )
  );
}
