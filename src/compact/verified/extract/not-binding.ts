// More shapes that sound like rules and bind nobody on the work (round eight): an outsider's habit told in the
// present ("the vendor never answers on time"), a thing described through a relative clause ("a file that
// nobody updates"), a thing pointed at that "always has to" complicate things, people who "still can't" do
// something (a symptom), an obligation laid on whoever made something in the past, "never let X … again" told
// with the story of last time, a modal only in the perfect ("should have told you"), the speaker's own vow or
// inability, a crowd's opinion, and a thing treated as a creature. Judged by who the subject is and the form of
// the verb phrase (tense, aspect, a relative clause), not by phrases of any corpus. Pure.

import { lastQuestion } from "./answers.ts";
import { DONE_FIRST, isImperative, isParty } from "./clause.ts";

const MODAL =
  /\b(must|mustn't|should|shouldn't|shall|has to|have to|needs? to|need|needs|may not|can't|cannot|don't|do not|only|want|wants|require|requires)\b/;

/** Someone outside the work, one of them: a vendor, a landlord, the accountant, "our biggest customer". */
const OUTSIDER =
  /^(?:the|our|my|their|this|that) (?:[a-z'-]+ ){0,2}(?:vendor|provider|supplier|landlord|accountant|bank|agency|contractor|freelancer|intern|courier|auditor|isp|registrar|hoster|guy|person|(?:biggest|largest|main|oldest|one) (?:customer|client|partner))$/;
/** Verbs of reaching or changing the work's things: with them an outsider's "never" is a policy. */
const ACCESS =
  /^(?:gets|sees|touches|accesses|has|receives|merges|pushes|deploys|edits|changes|modifies|writes|commits|uses|logs|opens|approves|owns|handles|stores|keeps|shares|passes|publishes|discloses)$/;
/** How often, said of a habit. */
const HABIT = /^(never|always|rarely|seldom|usually|often|constantly|hardly ever|sometimes)$/;

/** "The vendor never answers our tickets on time": one outsider's habit in the present simple, no modal. */
export function isOutsidersHabit(n: string): boolean {
  const m =
    /^(.+?) (never|always|rarely|seldom|usually|often|constantly|hardly ever|sometimes) ([a-z]+s)\b/.exec(n);
  if (!m || !HABIT.test(m[2] as string) || /(?:ss|us)$/.test(m[3] as string)) return false;
  // "the contractor never sees customer data": what an outsider may reach or change is a policy, not a habit.
  if (ACCESS.test(m[3] as string)) return false;
  return OUTSIDER.test(m[1] as string) && !MODAL.test(n.slice(m[0].length));
}

/** "feature flags live in a json file that nobody updates": the only negation or "always" sits in a relative
 * clause that describes a thing; the main clause states where or how it is. */
export function describesThroughRelative(n: string): boolean {
  // "it's important to us that nobody is signed up …", "the rule is that no one …": "that" opens what is required.
  if (
    /\b(important|essential|crucial|critical|vital|necessary|sure|ensure|insists?|requires?|demands?|rule|ruled|rules|policy|law|means|agreed|decided|prefer|prefers|want|wants|like|asked|asks|wish|need|needs)( (to|for) [a-z]+)?( is| was)? that (nobody|no one|never|always|everyone|anyone)\b/.test(
      n,
    )
  )
    return false;
  const rel = /\b(?:that|which|who|where) (?:nobody|no one|never|always|everyone|anyone)\b[^,;]*/;
  const clause = rel.exec(n)?.[0];
  // "a bucket that nobody else can read": a modal in the relative clause asks for the property.
  if (clause === undefined || /\b(can|could|may|might|must|should|shall|will|would|ever)\b/.test(clause))
    return false;
  const main = n.replace(rel, " ").trim();
  return !MODAL.test(main) && !/\b(never|always|nobody|no one)\b/.test(main) && !startsAsk(main);
}

/** "this build system always has to make everything complicated": a thing pointed at, complained of. */
export function complainsOfThing(n: string): boolean {
  const m =
    /^(?:this|that) (?:[a-z0-9-]+ ){0,3}[a-z0-9-]+ (?:always|just|really|somehow) (?:has|have) to\b(.*)$/.exec(
      n,
    );
  // An effort out of proportion marks the complaint; "that endpoint always has to return json" is a rule.
  return (
    m !== null &&
    /\b(?:everything|whole|entire|three|four|five|ten|twice|for (?:a|one) (?:simple|single|tiny|small)|for one|complicated|difficult|painful)\b/.test(
      m[1] as string,
    )
  );
}

/** "half the sales team still can't log in": people for whom something does not work yet, a symptom. */
export function reportsSymptom(n: string): boolean {
  return (
    /^(?:(?:half|some|most|many|all|a few) (?:of )?)?(?:the |our )?(?:[a-z-]+ ){0,2}[a-z-]+ still (?:can't|cannot|can not|don't|doesn't|won't)\b/.test(
      n,
    ) && !clauses(n).slice(1).some(startsAsk)
  );
}

/** Those the product serves, named as a group ("customers", "our members", "the studios"). */
const SERVED =
  "(?:(?:the|our|my|some|many|most|a lot of) )?(?:users|customers|clients|members|visitors|students|patients|parents|players|drivers|staff|people|studios|shops|readers|listeners|guests|riders|volunteers|teachers)";
/** "customers keep telling me they can't see …", "members say they cannot find …", "clients can't find the
 * button": what those served cannot do, reported; a complaint to fix, not a rule. */
const REPORTED_TROUBLE = new RegExp(
  `^(?:[a-z ,']{0,60}\\band )?${SERVED} (?:keep (?:telling|saying to|asking) (?:me|us)|(?:always |often |keep )?(?:say|tell (?:me|us)|complain|report|are complaining|have been complaining))(?: that)? (?:they|${SERVED}) (?:can't|cannot|can not|don't|keep|never)\\b|\\b(?:can't|cannot|can not|don't|doesn't) (?:find|figure out|work out|tell where)\\b`,
);

/** "riders can't log in on iOS 15", "members cannot pay since the update": what those served cannot do somewhere or
 * since something changed is a fault; "guests can't book on Sundays" stays a rule. */
const TROUBLE_SINCE = new RegExp(
  `^(?:[a-z0-9 -]{1,30}: )?${SERVED} (?:can't|cannot|can not|couldn't) [a-z]+(?: in| up| out)?\\b[^,]{0,40}?\\b(?:on (?:ios|android|windows|mac|macos|safari|chrome|firefox|edge|mobile|the app|their phones?)|since (?:the|yesterday|last|this|monday|tuesday|wednesday|thursday|friday|saturday|sunday|we)|after the (?:update|upgrade|deploy|release|migration))\\b`,
);

export function reportsTrouble(n: string): boolean {
  return (REPORTED_TROUBLE.test(n) || TROUBLE_SINCE.test(n)) && !clauses(n).slice(1).some(startsAsk);
}

/** "the camp booking has this thing where …", "by monday the code has stopped working", "the list says there are
 * twelve yoghurts": how the product misbehaves or what it shows. */
export function describesQuirk(n: string): boolean {
  return /\b(has|have) (this|a|one) (thing|bug|problem|issue|quirk|habit) where\b|\b(has|have) (stopped|broken|failed|expired|crashed|died) (working|again)?\b|^(?!(unless|if|when|until|once)\b).*\b(says|shows|displays) (that )?there (are|is)\b/.test(
    n,
  );
}

/** "on saturdays the queue goes back to the main road, it is crazy": a scene told with a verdict on it, no ask. */
export function ventsAtScene(n: string): boolean {
  const m =
    /^(.*?)(?:,? and|,)? (?:it is|it's|that's|that is|which is|is) (?:crazy|insane|madness|mad|ridiculous|a nightmare|chaos|awful|terrible|a mess|silly|annoying|a pain|embarrassing)\b[.!]*$/.exec(
      n,
    );
  return (
    m !== null &&
    !startsAsk(m[1] as string) &&
    // "customers now must scroll all 2000 costumes, is terrible": a burden of now, told with a verdict.
    (/\b(now|currently|at the moment|today)\b/.test(m[1] as string) ||
      !/\b(must|mustn't|should|shouldn't|shall|has to|have to|needs? to|don't|do not)\b/.test(m[1] as string))
  );
}

/** "whoever wrote this regex should never …", "the person who invented timezones must …": venting at whoever
 * made something in the past. "whoever touches billing must add a test" binds (present tense). */
export function blamesPastAuthor(n: string): boolean {
  const subject =
    /^(?:(?:honestly|seriously|man|god|ugh),? )*(?:whoever|the (?:person|people|guy|genius|one|ones|folks|team) (?:who|that)) (?:[a-z]+ )?(?:[a-z]+ed|wrote|made|came up with|chose|built|thought|drew|set up|took|gave|put|let|broke)\b(.*)$/.exec(
      n,
    );
  // The duty is a punishment ("should never be allowed near …", "must be punished", "should have to maintain it
  // forever"); "whoever approved the change must also sign the notes" is a duty of the work.
  const punished =
    /\b(?:should|must|ought to|deserves? to)(?: never| not)? be\b|\bhave to\b.*\b(?:forever|daily|every day|for life|for the rest)\b/;
  return subject !== null && punished.test(subject[1] as string);
}

/** "never let marketing name a feature again, we ended up with …": a ban told with the story of last time. */
export function bansWithStory(n: string): boolean {
  // A person let do something once too often ("the intern", "marketing"); "never let a deploy run twice again,
  // we got double charges" is a rule told with its incident.
  const m =
    /^(?:please )?never let (?:the |our |my )?(?:intern|interns|marketing|sales|management|ceo|boss|him|her|them|[a-z]+ from [a-z]+)\b.*? again\b[,;:.—-]*\s*(.*)$/.exec(
      n,
    );
  if (!m || (m[1] as string) === "") return false;
  return /\b(?:we|they|i|he|she|it|someone|somebody) (?:now have|still have|ended up|[a-z]+ed|got|had|was|were|made|came up)\b/.test(
    m[1] as string,
  );
}

/** "some rules i should have told you up front": the only modal is in the perfect, a regret of the past. */
export function regretsOnly(n: string): boolean {
  const perfect =
    /\b(?:should|must|could|would|might|ought to)(?:n't| not)? (?:[a-z]+ )?have [a-z]+(?:ed|en|wn|ne|ld|t|d)\b/g;
  if (!perfect.test(n) || DONE_FIRST.test(n)) return false;
  const rest = n.replace(perfect, " ");
  return !MODAL.test(rest) && !/\b(never|always)\b/.test(rest) && !clauses(rest).some(startsAsk);
}

/** The speaker's own vow ("i'm never touching gradle again") or inability to know or show something ("i can't
 * reproduce it", "i can't prove it"). */
export function isSpeakersOwn(n: string): boolean {
  const vow = /\bi(?:'m| am|'ll| will) [^,.;]*?\bnever [a-z]+\b[^,;]*\bagain\b/.test(n);
  const unable =
    /\bi (?:still |just )?(?:can't|cannot|can not|can never|couldn't) [a-z]+(?: out)? (?:it|this|that|them|why|what|which|where|how|whether|if)\b/.test(
      n,
    );
  if (!vow && !unable) return false;
  return !/\byou\b/.test(n) && !clauses(n).some(startsAsk);
}

/** A crowd as the source ("everyone keeps saying", "half of twitter thinks", "people keep telling me"). */
export function reportsCrowd(n: string): boolean {
  const m =
    /^(?:everyone|everybody|people|folks|half (?:of )?[a-z]+|(?:the )?internet|twitter|reddit|my (?:colleagues|friends|coworkers))(?: (?:on|at|in) (?:the |our |my )?([a-z-]+))? (?:keeps? (?:saying|telling (?:me|us))|says|say|thinks?|insists?|claims?|swears?)\b(.*)$/.exec(
      n,
    );
  // "everyone in legal says …" passes on a party's rule.
  if (!m || /^(?:team|project|repo|crew)$/.test(m[1] ?? "") || isParty(m[1] ?? "")) return false;
  return (
    MODAL.test(m[2] as string) &&
    !/\b(i agree|and (?:they're|they are) right|so (?:don't|never|always))\b/.test(m[2] as string)
  );
}

/** A machine or a bug treated as a creature: "make eye contact with the pager", "the printer must be haunted". */
export function personifiesThing(n: string): boolean {
  return /\b(?:eye contact|look (?:it|them) in the eyes?|anger (?:it|them|the)|haunted|cursed|possessed|jinxed)\b/.test(
    n,
  );
}

function clauses(n: string): string[] {
  return n
    .split(/\s*(?:[,;:]|\.\s|\s—\s|\s-\s|\bbut\b|\bso\b)\s*/)
    .map((c) => c.trim())
    .filter((c) => c !== "");
}

function startsAsk(clause: string): boolean {
  const c = clause.replace(/^(?:and|then|just|please|also)\s+/, "");
  return /^(?:keep|don't|do not|never|always|use|make sure|avoid|stop)\b/.test(c) || isImperative(c);
}

/** "some of ours fetch a fixture, so keep that in mind": a heads-up pointing back at a fact, no rule of its own. */
export function pointsBackToMind(n: string): boolean {
  if (!/\b(?:keep|bear) (?:that|this|it) in mind\b/.test(n)) return false;
  return !MODAL.test(n) && !/\b(never|always|nobody|no one)\b/.test(n);
}

/** "the plugin loaded last wins": which of many takes precedence, told as how it works. */
export function tellsPrecedence(n: string): boolean {
  return /^the [a-z-]+ (?:[a-z-]+ ){0,4}(?:last|first|later|earlier|lower|higher|latest|newest|oldest|closest|nearest)(?: [a-z-]+){0,4} wins[.!]*$/.test(
    n,
  );
}

/** "just curious, not doing that now": the speaker marks what came before as idle; only an ask after it binds. */
export function marksIdle(n: string): boolean {
  const m =
    /^(?:just (?:curious|asking|wondering|thinking out loud)|out of curiosity)\b[,.:;!]*\s*(.*)$/.exec(n);
  return m !== null && !clauses(m[1] as string).some(startsAsk);
}

/** "…, but that's their process, not ours", "he said X, but that's not policy", "Not a rule, just him", "…, but he's
 * only teasing", "…, but that's next sprint": the speaker disowns what was just said, or puts it off. */
export function disowns(n: string): boolean {
  return /\b(?:he|she|they)(?:'s| is| are|'re) (?:only |just )?(?:teasing|joking|kidding)\b|\b(?:keeps|kept) saying\b.*, ignore (?:that|it|him|her|them)[.!]*$|\bbut (?:that's|that is|it's|it is) (?:for )?(?:next (?:sprint|week|month|year|time|release|phase|season)|later|another day|v2|phase two)\b|\b(?:that's|that is|it's|it is)(?: just| only)? (?:their|his|her|[a-z]+'s) (?:process|rule|way|thing|habit|call|style|preference|business|policy|wish)\b|\b(?:that's|that is|it's|it is|but) not (?:policy|a rule|our (?:rule|policy|process))\b|^not a rule\b|, (?:that's|that is) (?:just )?(?:physics|life|nature|maths|math|how it is|the way it is|the real rule)[.!]*$/.test(
    n,
  );
}

/** The shapes above that joke or vent: under a rule label too they are no rule ("the only rule of the old code:
 * don't look it in the eyes"). */
export function jokesOrVents(n: string): boolean {
  return personifiesThing(n) || blamesPastAuthor(n) || bansWithStory(n);
}

/** True when the sentence is one of the shapes above: it binds nobody on the work. */
export function bindsNobody(n: string): boolean {
  return (
    isOutsidersHabit(n) ||
    describesThroughRelative(n) ||
    complainsOfThing(n) ||
    reportsSymptom(n) ||
    reportsTrouble(n) ||
    ventsAtScene(n) ||
    describesQuirk(n) ||
    blamesPastAuthor(n) ||
    bansWithStory(n) ||
    regretsOnly(n) ||
    isSpeakersOwn(n) ||
    reportsCrowd(n) ||
    personifiesThing(n) ||
    pointsBackToMind(n) ||
    tellsPrecedence(n) ||
    marksIdle(n) ||
    disowns(n)
  );
}

/** The assistant's last question asks what exists or is at hand ("Is there already a Room database?", "Do you
 * have the spreadsheet?"), not what to do. */
const ASKS_WHAT_IS =
  /(?:^|[.!?]\s+)(?:and |also )?(?:is there|are there|do you (?:already )?have|does (?:the |your |it |this )?[a-z0-9 -]{0,30}(?:already )?(?:have|exist|use)|is [a-z0-9 -]{1,30} (?:already )?(?:installed|available|set up|in place|there|deployed|configured|enabled|running|live)|have you (?:already )?got)\b[^?]*\?\s*$/;
/** A wh-question about how things are ("Where do you keep the tags?", "Which device does CI use?", "Where's the
 * export?", "How are conflicts handled today?") or a yes/no one about a thing's state ("Are the cells stained?", "Stations have a tz column?"):
 * answered with facts. */
const ASKS_HOW_IT_IS =
  /^(?:(?:where|what|which|who|how)(?: [a-z0-9_.-]+){0,3} (?:do|does|did) (?:you|we|they|it|i|[a-z0-9_.-]+(?: [a-z0-9_.-]+)?) (?!(?:do|want|like|prefer|need|think|suggest|recommend|mean|say)\b)[a-z]+|(?:where|what|which|who)(?:'s| is| are| was| were)\b|(?:is|are|was|were) (?:the|your|these|those|all|any|each) |(?:the )?[a-z0-9_.-]+(?: [a-z0-9_.-]+)? (?:has|have|had|is|are|was|were|uses|use|contains|contain|includes|include) |(?:how|what|where|which|who)(?: [a-z0-9_.-]+){1,5} (?:today|currently|right now|at the moment|at present|these days)\b)(?:(?! or )[^?])*\?$/;
/** Words of a question that asks what to do, whatever its shape. */
const ASKS_WHAT_TO_DO =
  /\b(?:(?:i|we) should (?:use|pick|take|follow)|to use|prefer|rather|would you like|do you want|want me|best|better|ok|okay|fine|acceptable|allowed|worth|enough)\b|\bwhich (?:one|option|way|approach)\b|^(?:should|shall)\b|\b(?:what|which|where|how)(?: [a-z]+){0,3} (?:should|shall)\b|\bor (?:should|shall) (?:i|we)\b/;

/** "yes, there's already a staging database" after "is there a staging database?": a fact answered, no pick. A
 * yes that says what to do ("yes, use the existing one") stays a choice. */
export function answersFact(n: string, prev: string | undefined): boolean {
  const asked = prev?.slice(-300).toLowerCase() ?? "";
  // "is there a config file i should use?" asks what to do: the answer picks.
  const last = lastQuestion(asked) ?? "";
  if (!(ASKS_WHAT_IS.test(asked) || ASKS_HOW_IT_IS.test(last))) return false;
  // "does it have a Makefile or should I create one?": a yes or a no answers the first part, a named way the second.
  if (
    ASKS_WHAT_TO_DO.test(last) &&
    !(/\bor (?:should|shall) (?:i|we)\b/.test(last) && /^(?:yes|yeah|yep|no|nope)\b/.test(n))
  )
    return false;
  const rest = n.replace(/^(?:yes|yeah|yep|yup|no|nope)[,.!]*\s*/, "");
  return !MODAL.test(rest) && !clauses(rest).some(startsAsk) && !/\b(let's|go with|we'll|i'll)\b/.test(rest);
}

/** "Our docs site needs versioned docs for v2 and v3", "marketing wants the review prompt back": a need for
 * something new, read as a rule; said before the work has a goal, it is the work. A need that holds (every,
 * never, keep, stay, only) is a rule. */
export function needsNewThing(rule: { text: string; cue: string }): boolean {
  const n = rule.text.toLowerCase();
  // "in the garden app the water butts must have a cleaning schedule": a thing to build, said as a must.
  if (
    rule.cue === "obligation" &&
    /\b(must|should|needs to|has to|have to) have (a|an) [a-z -]{0,20}\b(schedule|log|list|page|form|rota|register|calendar|report|tracker|screen|dashboard|section|tab|field|column)\b/.test(
      n,
    ) &&
    !/\b(every|each|all|any|never|always|only)\b/.test(n)
  )
    return true;
  return (
    /^(?:state|want|passed on)$/.test(rule.cue) &&
    /\b(?:needs?|wants?)\b/.test(n) &&
    !/\b(?:every|each|all|any|never|always|only|keep|keeps|stay|stays|remain|still|not|no|without|must|to be)\b|n't\b/.test(
      n,
    )
  );
}

/** A word of obligation, prohibition or a kept state: a sentence with one binds, whatever else it does ("add
 * pagination and make sure the page size never goes above 100" is the goal and a rule). */
export function bindsBesides(text: string): boolean {
  return /\b(must|mustn't|should|shouldn't|shall|has to|have to|never|always|only|don't|do not|can't|cannot|make sure|keep|leave|stay|stays|avoid|without|not|every|each|all|any|no [a-z]+)\b|n't\b/i.test(
    text,
  );
}
