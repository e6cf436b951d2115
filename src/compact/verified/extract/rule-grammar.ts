// Whether a clause states a standing rule: a prohibition, a non-epistemic obligation ("must", "has to",
// "make sure"), a preference, an imperative that holds beyond this step (a manner verb, general scope, a
// bare plural object, a contrast), or a present-tense rule about a class of things ("tests go next to …").
// One-off imperatives ("fix the typo") are requests, not rules. Inputs are normalized lowercase clauses.
import {
  DONE_FIRST,
  EPISTEMIC,
  EVERY_WHEN,
  isImperative,
  looksImperative,
  OBLIGATION,
  PAST_TIME,
} from "./clause.ts";
import { amountRule } from "./rule-amounts.ts";
import { ownerPractice } from "./rule-business.ts";
import { classStatement, statedObligation } from "./rule-statements.ts";

export type RuleClass = { kind: "constraint" | "preference"; cue: string };

/** Verbs whose imperative sets how work is done from now on, not one step. */
const MANNER =
  /^(just |also |always |only )?(keep|stick|stay|use|prefer|favou?r|leave|respond|reply|answer|speak|target|pin|name|refrain|avoid|respect|follow|default|limit|cap|go for|be (careful|consistent|explicit|strict|brief|concise)|do everything|hands off)\b/;
export const GENERAL =
  /\b(always|from now on|from now\b|from here on|going forward|henceforth|in (the )?future|at all times|every|each|whenever|all (of )?(the |our |my )?[a-z]+s\b|any time|throughout|in this (repo|repository|project|codebase|code base|session|package|module|app)|for this (project|repo|codebase)|across|by default|everything|everywhere|consistently|exclusively|nothing but|nothing else|no matter what|whatever happens|whatever (you|we) (do|change)|regardless|full stop|, ever\b|unless|next time)\b/;
const NOT_PLURAL = new Set([
  "this",
  "was",
  "has",
  "does",
  "his",
  "yes",
  "plus",
  "thus",
  "less",
  "unless",
  "across",
  "process",
  "class",
  "access",
  "address",
  "status",
  "always",
  "towards",
  "afterwards",
]);
const DETERMINER =
  /^(the|this|that|these|those|it|them|me|us|my|our|your|a|an|one|line|again|once|now|here|there|first|last|its)\b/;
const STRONG =
  /\b(from now\b|no matter what|whatever happens|whatever (you|we) (do|change)|regardless|full stop|nothing else|from now on|from here on|going forward|, ever)\b/;
const PROHIBIT_START =
  /^(never|don't|do not|dont|stop|quit|refrain|avoid|not a single|hands off|under no circumstances|let's not|lets not|let us not|(please|pls) (not|never))\b/;
const NOT_A_RULE =
  /^not (asking|saying|suggesting|complaining|blaming|judging|sure|really|quite|bad|great|ideal|urgent|important|today|now|yet|me|my)\b|^not (a|an) (task|request|ask|priority|requirement|must)\b|^not (needed|necessary|required|worth it|for now|this time)[.!]*$/;
const NO_RULE =
  /^no,? (that's|that is|the [a-z]+ (is|are)|it's|it is|we're|i'm|everything|that'll|that will|the [a-z]+ will)\b[^,]*$|^no,? (it's fine|it is fine|that's fine|all good|but|worries|problem|idea|way|thanks|rush|need|luck|change(?! to)|changes(?! to)|difference|clue|doubt|big deal|pressure|hurry|kidding|joke|offense|one|longer)\b|^(no|not a single|not one) [a-z' -]{2,30}? (has|have) ever [a-z]{3,}\b/;
const NOT_A_RULE_AFTER_DONT =
  /^(don't|do not|let's not|lets not) (worry|bother|mind|know|think|get|remember|see|understand|care|have)\b|^(don't|do not) ask[.!]*$/;
/** Present-tense verbs that state how a class of things is kept ("the config stays in yaml"), or what is done to
 * it and when ("photos are deleted 90 days after the job closes", "classes cap at 8", "sessions log out
 * automatically once idle"). */
const RULE_STATE =
  /\b((?<!\b(?:long|short|overnight|extended|weekend) )stays?|remains?|goes|go ((entirely|only|always|directly|straight|all) )?(in|into|next|through|to)|gets?|keeps? (its|their)|lives? in|belongs? in|needs?|require|requires|are (shown|displayed|sorted|written|kept|stored|capped|named|formatted|hashed|signed|logged|typed|tested|reviewed)|is (shown|displayed|sorted|written|kept|stored|capped|named|formatted|hashed|signed|logged|typed|tested|reviewed)|(are|is|gets?) (deleted|archived|published|released|locked|refunded|charged|billed|rounded|purged|removed|anonymi[sz]ed|closed|approved|flagged|invoiced|paid|cancelled|canceled|postponed|suspended|paused|blocked|withdrawn|reset|renewed)\b.*\b(after|before|once|until|unless|within|only|automatically|when|if|at the (end|start) of (each|every|the)|every|each (week|month|quarter|year|term|season))|caps? at \d|(can|may) be [a-z0-9 ]{1,20} at (most|least)|logs? out automatically|expires? (after|at|once))\b/;
const GENERIC_SUBJECT =
  /^(all|every|each|any|no|new|our|the)? ?([a-z0-9_./-]+ ){0,3}?([a-z0-9_-]+s|config|schema|cache|build|bundle|readme|api|code|data|the public [a-z]+)\b|^(any|every|each|all|no) [a-z]|^(anything|everything) [a-z]+ing\b|^[a-z]+s' [a-z0-9_-]+s\b/;
const PERSONAL = /^(i|it|this|that|he|she|they|you|my|everyone|nobody|users)\b/;
/** "we get the files from the vendor": how the team's work runs today, said of the team. */
const OUR_ROUTINE = /^we (get|receive|have|run|send|see|call|pull)\b/;

function preference(c: string): RuleClass | null {
  if (/\bprefer(red|ably|ence)?\b/.test(c) && !/\bprefer not to say\b/.test(c))
    return { kind: "preference", cue: "prefer" };
  if (/^(i'd|i would|we'd|we would) rather\b(?! not[.!]*$)/.test(c))
    return { kind: "preference", cue: "rather" };
  if (/\bideally\b/.test(c)) return { kind: "preference", cue: "ideally" };
  // "i always want the pieces listed in playing order": a want that holds for every case.
  if (/^(i|we) always (want|need|like)\b/.test(c)) return { kind: "preference", cue: "want" };
  if (/\b(is|are) better (here|for|than)\b|\bbut [a-z0-9 _-]{1,30} (is|are) better[.!]*$/.test(c))
    return { kind: "preference", cue: "better" };
  // "it's best if we keep the yaml files for one release": the speaker's preferred way.
  if (/^(it's|it is|it'd be|it would be) (best|better|safer|wiser) (if|to|that)\b/.test(c))
    return { kind: "preference", cue: "better" };
  if (/^((it's|it is) )?better to [a-z]+\b.* than\b/.test(c)) return { kind: "preference", cue: "better" };
  // "it would be nice to keep the messages short": a wish about how work is done.
  const wish = /^(it would|it'd) be (nice|good|great|better|ideal) to (.*)$/.exec(c);
  if (wish && isImperative(wish[3] as string)) return { kind: "preference", cue: "wish" };
  // "i like explicit return types": a taste for a class of things (a bare plural), not praise of this one.
  const liked = /^(i|we) (really )?(like|love) ((?:[a-z-]+ ){0,2}[a-z-]{3,}s)\b/.exec(c);
  if (liked && !/^(this|that|these|those|the|it|your|how|what|when|to)\b/.test(liked[4] as string))
    return { kind: "preference", cue: "like" };
  return null;
}

/** An imperative that holds beyond this step: manner verbs, general scope, bare plural objects, contrasts. */
export function standingImperative(clause: string, whole: string, verbFirst = false): boolean {
  // "strip the email from every event": a verb no list names still reads as one when its scope is general;
  // `verbFirst`: the tagger read the first word as a verb (rule-shape.ts).
  if (
    !verbFirst &&
    !isImperative(clause) &&
    !(looksImperative(clause) && /\b(every|each|all)\b/.test(clause))
  )
    return false;
  // "repair cafe tickets.", "foster homes.": a topic named in a few words, the tagger's verb aside.
  if (
    !isImperative(clause) &&
    !/^[a-z]+(ize|ise|ify)\b/.test(clause) &&
    clause.replace(/[.!]+$/, "").split(" ").length <= 3
  )
    return false;
  // "leave it for now": this thing put off, not a way of working.
  if (/^leave (it|that|this|them) for now[.!]*$/.test(clause)) return false;
  // "now update all the snapshots": a step for right now, whatever its scope.
  if (
    (/^(now|next|then|first)\b/.test(whole) || /^(now|next|then|first)\b/.test(clause)) &&
    !STRONG.test(whole) &&
    !/\b(always|never)\b/.test(whole)
  )
    return false;
  // "so that each provider is a plugin" says what the change is for; its "each" sets no scope.
  if (MANNER.test(clause) || GENERAL.test(whole.replace(/\bso that\b.*$/, ""))) return true;
  const words = clause.replace(/^(just|also|first|then) /, "").split(" ");
  const object = words.slice(1, 4).join(" ");
  if (!DETERMINER.test(object) && !/^(what|why|how|where|which|who)\b/.test(object)) {
    const plural = object
      .split(" ")
      .slice(0, 2)
      .find((w) => /^[a-z0-9-]{3,}s$/.test(w) && !NOT_PLURAL.has(w));
    // "add retries to the http client": a plural aimed at one named thing is one piece of work.
    const aimed = /\b(to|for|into|on|in) (the|this|that|our|my|its) [a-z0-9_./-]+/.test(clause);
    if (plural && !/^\w+ly\b/.test(object) && !aimed) return true;
  }
  // "let's lazy-load them rather than adding a step" picks a way now; the contrast alone sets no rule.
  if (
    // "put the config in the yaml not hardcoded", "apply the filter before ranking not after": a bare contrast.
    /, not [a-z]|\bnot in\b|^only\b|\brather than [a-z]+ing\b|[a-z] not (hard-?coded|inline|inlined|after|before)\b/.test(
      clause,
    ) &&
    !/^(let's|lets)\b/.test(clause)
  )
    return true;
  // "store money as whole cents because floats bit us once": a way kept for a lesson learned.
  if (
    /\b(because|since|as) [a-z' ]{0,40}\b(bit|burned|burnt|bitten|broke|hurt|cost|screwed) (us|me)\b/.test(
      whole,
    )
  )
    return true;
  // "fix it without a new CSS framework": a limit on how the work is done.
  if (/\bwithout (changing|touching|breaking|adding|using|removing|a new|any|new)\b/.test(clause))
    return true;
  // "run the fuzzer for 10 minutes before calling it done": a step owed before any fix counts as done.
  if (
    /\bbefore (calling|marking|declaring) (it|this|that|the [a-z]+) (done|finished|fixed|complete)\b/.test(
      clause,
    )
  )
    return true;
  return /^write [a-z ]+ in (plain|simple|english|british|american|the imperative|present|short)\b/.test(
    clause,
  );
}

function prohibition(c: string): RuleClass | null {
  if (NOT_A_RULE_AFTER_DONT.test(c)) return null;
  // "the vicar would like the hall never to be heated when nobody has booked it": a wish that forbids.
  if (
    /\b(would|'d) (like|prefer|want) (the|our|it|them|this|that|[a-z]+s)\b[a-z0-9 ./'-]{0,40}? never to\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "prohibition" };
  // "I don't want any console.log left", "I'd hate to see the error text change": the speaker forbids it.
  if (
    /^(i|we) (really )?(don't|do not|never) want (any|to see|anything|more|you to|the|a|an|it|them|this|that)\b/.test(
      c,
    ) ||
    /^(i|we)('d| would) hate (to see|it if|for)\b/.test(c)
  )
    return { kind: "constraint", cue: "prohibition" };
  // "the parish council bans amplified music before noon", "the manager won't let us book lanes after 9pm".
  if (
    /^(the|our)( (?!(and|is|are|was|she|he|they)\b)[a-z'-]+){1,4} (bans|forbids|prohibits|won't let|will not let|doesn't let|does not let) [a-z]/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "prohibition" };
  // "you're not supposed to book the lathe unless …": what is not allowed, said softly.
  if (/\b(not supposed to|aren't supposed to|isn't supposed to)\b/.test(c))
    return { kind: "constraint", cue: "prohibition" };
  // "volunteers under sixteen don't operate the scratter": what a class of people below or above an age may not do.
  if (
    /^[a-z]+ (under|over|below|above) [a-z0-9-]+ (don't|do not|can't|cannot|never|mustn't|must not|aren't allowed to)\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "prohibition" };
  // "no foster home takes a dog from the same litter": what no one of a class receives or holds.
  if (/^no [a-z]+( [a-z]+)? (takes|gets|receives|holds|keeps|leaves|goes)\b/.test(c) && !NO_RULE.test(c))
    return { kind: "constraint", cue: "no" };
  // "under-14s are not to hire a dinghy", "nobody take a boat out without the safety video" (the -s dropped).
  if (/\b(is|are|am) not to [a-z]{3,}\b|^(nobody|no one) [a-z]+\b.*\b(without|until|unless)\b/.test(c))
    return { kind: "constraint", cue: "prohibition" };
  // "neither van crosses the river on a saturday": both of two ruled out.
  if (
    /^neither [a-z0-9' -]{2,30}? (?!(is|was|has|does|seems|looks)\b)[a-z]{3,}s\b/.test(c) &&
    !PAST_TIME.test(c)
  )
    return { kind: "constraint", cue: "prohibition" };
  if (/\bhands off\b/.test(c) || /^nothing (new|else|more|extra)\b/.test(c))
    return { kind: "constraint", cue: "prohibition" };
  if (PROHIBIT_START.test(c)) return { kind: "constraint", cue: "prohibition" };
  if (
    /^(then |so )?(no|not) [-@`]?[a-z]/.test(c) &&
    !NO_RULE.test(c) &&
    !NOT_A_RULE.test(c) &&
    !/\b(yet|so far|anymore|at the moment)\b|\bleft[.!]*$/.test(c)
  )
    return (c.split(",")[0] as string).split(" ").length <= 14 ? { kind: "constraint", cue: "no" } : null;
  if (
    /^(nothing|nobody|no one|none of)\b.*\b(may|can|should|must|is allowed)\b|^(nobody|no one)( (under|over|below|above|without|with|outside|except|from|other than|apart from) (the )?[a-z0-9-]+)? [a-z]+s\b(?!.*\b(anymore|these days|any more)\b)/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "prohibition" };
  return null;
}

const SHOWS_EACH =
  /\b(i|we) (want|need) (the|our|my|this) [a-z0-9' -]{2,40}? to (show|list|display|print|include|give|total|count|map|highlight) (each|every|all)\b/;

function obligation(c: string): RuleClass | null {
  if (EPISTEMIC.test(c) && !DONE_FIRST.test(c)) return null;
  if (/\b(make sure|make certain|be sure to|ensure|remember to|don't forget to)\b/.test(c))
    return { kind: "constraint", cue: "make sure" };
  if (
    /^(i|we) (can't|cannot|don't|do not) (reproduce|find|see|get|know|think|understand|remember|have(?! (more|over|fewer|less|any|anyone|anybody) )|tell)\b/.test(
      c,
    )
  )
    return null;
  if (
    OBLIGATION.test(c) ||
    /\bshould(n't| not)? (be|say|touch|stay|use|have|go|run|keep|return|never|not|always|only)\b|\bthere should be\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "obligation" };
  // "tests should read like specifications": how a class of things is to be, said of the class.
  // "failed runs should alert in pagerduty": said of a class named in up to three words.
  if (
    /^((also|and|but|then) )?(all |every |each |new |our |the )?([a-z0-9_-]+ ){0,2}[a-z0-9_-]+s should (not |never |always |only )?[a-z]+/.test(
      c,
    ) &&
    !PERSONAL.test(c) &&
    !/\bshould come with\b/.test(c)
  )
    return { kind: "constraint", cue: "obligation" };
  // "… is always broken when we need it": a want inside a "when" clause only says when.
  // "i want the membership page to show each student's next payment date": a view of every item is a thing to build.
  if (
    /(?<!\b(when|if|whenever|unless|until) )\b(i|we) (want|need|expect)\b/.test(c) &&
    // "i need a check-out list every morning": when the wanted thing runs is no scope of a rule.
    GENERAL.test(c.replace(EVERY_WHEN, "")) &&
    !SHOWS_EACH.test(c)
  )
    return { kind: "constraint", cue: "want" };
  // "any change to how dosage is shown needs a second reviewer": what every case of a kind requires.
  if (
    /^(any|every|each|all) [a-z0-9 ./'-]{2,60}? (needs|need|requires|require) (a|an|the|two|[a-z]+s)\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "required" };
  if (
    /\b(is|are) (mandatory|important|essential|crucial)\b/.test(c) &&
    /\bonly\b|\balways\b|\bnever\b/.test(c)
  )
    return { kind: "constraint", cue: "required" };
  // "plain python with duckdb, it's only 2m rows": "only" of a small amount restricts nothing.
  if (
    /\b(in|with|on|under) ([a-z0-9/._-]+ ){1,2}only\b/.test(c) &&
    !/\b(its|it's|it is|that's|thats|that is|there's|there are|they're|we're|i'm) only\b/.test(c)
  )
    return { kind: "constraint", cue: "only" };
  // "is important that the old clients keep working" (the subject dropped, as non-native speakers do).
  if (
    /^((it|this) is |it's |is )(very |really |super )?((important|essential|crucial|critical|vital|mandatory|required)( (to|for) (us|me|them|the [a-z]+))? (that|to)|necessary that)\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "required" };
  return statedObligation(c);
}

function declarativeRule(c: string): RuleClass | null {
  // "we never store passwords in plain text": the team's standing practice, in the present tense.
  // "we only deliver to postcodes starting with ta", "we accept only jpg" (read as "we only accept"), "we not use sms"
  // (the "don't" dropped, as non-native speakers do).
  const norm = /^we (never|always|don't ever|only|not) (.*)$/.exec(
    c.replace(/^we ([a-z]+) only /, "we only $1 "),
  );
  // "we never refund vouchers", a verb no list names; "we always end up …", "we never seem to …" tell a habit.
  const done = norm?.[2] as string;
  // "we never spend more than forty pounds on a single tea": a habit verb held to a bound is a limit.
  const bounded =
    norm !== null &&
    /^(spend|have|get|take|keep|hold|charge|pay)\b.*\b(more than|less than|fewer than|over|under|above|below) [a-z0-9£$€]/.test(
      done,
    );
  // "we always sell out", "we always find a traffic cone": what happens to the team, not what it does by rule.
  const befalls = /^(sell out|find|win|lose|enjoy|laugh|argue|get)\b/.test(done ?? "");
  if (
    norm &&
    !befalls &&
    (isImperative(done) ||
      bounded ||
      (looksImperative(done) &&
        !/^(end up|seem|forget|get|manage|have|know|hear|see|think|feel|find|lose|struggle|run out|fail|miss|remember|hit|spend|waste)\b/.test(
          done,
        )))
  )
    return { kind: "constraint", cue: "practice" };
  // "we log every dog-team deployment separately": what the team does with every case of a kind.
  if (
    /^we (log|record|keep|file|check|inspect|email|text|charge|invoice|photograph|sign|count|weigh|label|number|tag|clean|wash) (every|each|all)\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "practice" };
  // "we say interval not gap in everything public": the word the team uses, against the one it does not.
  if (
    /^we (say|call|write|spell|use) [a-z0-9 '"-]{1,30} (not|instead of|rather than|never) [a-z0-9'"-]/.test(c)
  )
    return { kind: "constraint", cue: "practice" };
  // "we don't collect phone numbers": a practice stated as what the team does not do.
  const not = /^we (don't|do not) (.*)$/.exec(c);
  // "we don't feed anything after 5pm": what the team does to nothing of a kind, whatever its verb.
  const none = /^[a-z]{3,} (anything|anyone|anybody|any)\b/.test(not?.[2] ?? "");
  if (not && !NOT_A_RULE_AFTER_DONT.test(`don't ${not[2]}`) && (looksImperative(not[2] as string) || none))
    return { kind: "constraint", cue: "practice" };
  // "the queries would get long": a consequence imagined, not how things are kept.
  if (/\b(would|could|might)\b/.test(c)) return null;
  // "they get 20% off", "it's four times the weekly price": an amount holds whoever it is said of.
  // "i cap it at twenty-five lessons a week": a sole trader fixing their own figure.
  const amount = /^(i|my|you)\b/.test(c) && !/^i (cap|limit|set|fix|charge)\b/.test(c) ? null : amountRule(c);
  if (amount) return amount;
  if (ownerPractice(c)) return { kind: "constraint", cue: "practice" };
  if (PERSONAL.test(c)) return null;
  if (/\bnever (leaves?|goes?|go|touch(es)?|change[sd]?|exceeds?)\b/.test(c) && GENERIC_SUBJECT.test(c))
    return { kind: "constraint", cue: "never" };
  const stated = classStatement(c);
  if (stated) return stated;
  // "penalties in a shootout don't count as goals", "walkovers are counted as 3-0": how a kind of thing is counted.
  if (
    /^(?!(it|that|this|which|what)\b)[a-z0-9' -]{3,50}? ((don't|do not|doesn't|does not|never|always|only) )?(counts?|(is|are) (counted|treated|scored|classed|recorded|booked)) (as|towards?)\b|^[a-z0-9' -]{3,40}?s (don't|do not|never) count[.!]*$/.test(
      c,
    ) &&
    !/\?$/.test(c)
  )
    return { kind: "constraint", cue: "definition" };
  // "the salt comes from an env var, never from the command line", "units always come from the lab system".
  if (
    /\b(comes?|is (read|loaded|taken|fetched|pulled)|are (read|loaded|taken|fetched|pulled)) (only )?from\b/.test(
      c,
    ) &&
    /\b(never|only|always)\b/.test(c)
  )
    return { kind: "constraint", cue: "state" };
  // "the kapt modules stay for now": kept until further notice, not how things stand today.
  if (
    RULE_STATE.test(c) &&
    GENERIC_SUBJECT.test(c) &&
    !OUR_ROUTINE.test(c) &&
    !/\bwhen (you|we|i) (need|want) (it|them|one)\b/.test(c) &&
    !/\b(already|anymore|yet|today)\b|(?<!for )\bnow\b/.test(c)
  )
    return { kind: "constraint", cue: "state" };
  if (/^(in this|for this) (repo|repository|project|codebase|code base|app|package)\b/.test(c))
    return { kind: "constraint", cue: "scope" };
  if (STRONG.test(c)) return { kind: "constraint", cue: "strong" };
  return null;
}

/** "for chores skip the link", "in tests, use the mock": an instruction scoped to a class of things. */
function scopedInstruction(c: string): boolean {
  const scoped = /^(for|in|on|inside|within) (?:[a-z0-9._/-]+ ){0,2}[a-z0-9._/-]+s?,? (.*)$/.exec(c);
  return (
    scoped !== null &&
    isImperative(scoped[2] as string) &&
    !/^(for|in|on) (now|today|a (sec|second|moment|bit|while))\b/.test(c)
  );
}

/** The rule a clause states, if any; `whole` is the full sentence, for scope words outside the clause. */
export function ruleIn(clause: string, whole: string): RuleClass | null {
  const c = clause.trim();
  // "let's discuss that later": a talk put off, no way of working.
  if (
    /^(let's|lets|we can|we'll) (discuss|talk about|revisit|come back to|think about|park|look at) (that|this|it|them)\b/.test(
      c,
    )
  )
    return null;
  // "hmm let me think about that, first tell me …": the speaker puts the choice off; what follows is one ask.
  if (/^((hmm+|um+|ok|okay|well),? )*let me (think|check|see|sleep on|mull)\b/.test(c)) return null;
  // "only question.", "just one thing": a remark that one thing follows.
  if (
    /^(only|just) (one |a )?(question|thing|idea|thought|doubt|suggestion|remark|comment|note)[.!?:]*$/.test(
      c,
    )
  )
    return null;
  // "integrations are never as simple as the vendor says": a comparison, not a rule.
  if (/\b(is|are|was|were|'s|'re) never (as|so|that) [a-z]+ (as|that)\b/.test(c)) return null;
  const found = prohibition(c) ?? obligation(c) ?? preference(c);
  if (found) return found;
  if (scopedInstruction(c)) return { kind: "constraint", cue: "scope" };
  if (standingImperative(c, whole)) return { kind: "constraint", cue: "imperative" };
  // "run the tests and don't push anything": a prohibition or obligation joined to a request.
  for (const part of c
    .split(
      /, (?:so |and |but )?|; | so | (?:and|but) (?=(?:don't|do not|never|always|make sure|keep|leave|avoid)\b)/,
    )
    .slice(1)) {
    const inner = part.trim();
    // "i'm asking, not deciding": a contrast about the speaker forbids nothing.
    if (/^not /.test(inner) && /^(i|i'm|i am|we're|we are|it's|it is|that's|this is)\b/.test(c)) continue;
    if (prohibition(inner) ?? obligation(inner)) return { kind: "constraint", cue: "clause" };
    if (standingImperative(inner, whole) || scopedInstruction(inner))
      return { kind: "constraint", cue: "imperative" };
  }
  return declarativeRule(c);
}
