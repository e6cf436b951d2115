// Decisions by what the sentence does: a choice announced with a label ("Settled: …"), made by the speaker in
// the present ("we go with", "X it is", "I'll take the second"), or a terse answer to a question the assistant
// asked ("A or B?" → "ok, B"). Goal statements are in goal.ts. Inputs are normalized lowercase sentences.

import {
  agreesToPlan,
  answersClosed,
  answersOpen,
  changesWay,
  echoes,
  echoesAskedVerb,
  handsBack,
  lastQuestion,
  offersInstead,
  PUT_OFF,
  repeatsOption,
  saysAskedWordBack,
} from "./answers.ts";
import { BASE_VERB, isImperative, PAST_TIME, PAST_VERB } from "./clause.ts";
import { picksOutright } from "./picks-outright.ts";
import { tagWords } from "./pos-tagger.ts";
import { ordersWayAfterFinding, suggestionIn, takesSuggestion } from "./proposals.ts";
import { releases } from "./told.ts";

const DECISION_LABEL =
  /^(final |the |our |my |the team's )?(decisions?|decided|settled|verdict|conclusion|resolution|resolved|choices?|chosen( approach| option)?|picked|final (call|answer|choice)|agreed|winner( is)?|(my|our|the) call)( made| as well| too| also)?( (on|for|about|re) [^:—]{1,40})?( (after|from|at|in|with|by) [^:—]{1,50})?\s*[:—-]|^(re|for|on|about|as for|regarding) (the|my|our|that) (open|pending|remaining|earlier) (question|point|item)( (on|about|of) [^:—]{1,40})?\s*[:—-]|^(decision|call) made\b|(?<!\buntil )\b(that's|that is|it's|it is) (settled|decided|final)\b|^winner is\b|\b(the|our|my) (final )?(decision|choice|call) (is|was)\b|^final (decision|choice|call|answer) (is|was)\b|^(after thinking (it over|about it)|on reflection|all things considered|having thought about it),/;
const CHOOSER = "(we|i|the team|our team|the whole team|everyone)";
const CHOSE = new RegExp(
  `^${CHOOSER}( have| all|'ve|'d)?( just| finally| already)? (decided|opted|agreed|settled|chose|chosen|picked|selected|went with|went for|ended up (with|going with)|made up (my|our) minds?)\\b`,
);
const CHOOSING =
  /^(we|i)('ll| will| are| 're|'re| am|'m| shall)?( going to| gonna)? (go|going|stick|sticking) (with|for)\b|^going with\b|^(let's|lets) (go|stick|stay) (with|for)\b|^(we|i)('ll| will)? (take|pick|choose)\b|^(i|we) (go|going) (with|for)\b|^we settle on\b|^(we|i)('re| are|'m| am) (taking|picking|choosing|going for) (?!(up|over|on|off|out|in|back|down|a look|care|part|it easy|time|notes)\b)|^(we|i)('re| are| will|'ll| are going to|'re going to)? (use|keep|store|move|drop|dropping|switch|switching|stay|ship|freeze|rewrite|doing|do) (the |with |on |support |it |to |for )?\S/;
const LETS_CHOICE =
  /^(let's|lets) (use|go with|stay with|keep|take|pick|choose|settle on|standardi[sz]e on|do (the|it with|option|plan|approach))\b/;
const IT_IS =
  /\b(?!(like|as|where|what|how|way|that|this)\b)[\w.-]+ it (is|has to be|must be|'ll have to be|will have to be|shall be|will be)( for [^,]{2,40})?[.!]*$/;
const WINS =
  /\b(wins|beats(?= [a-z])|is the winner|is better, take|take that one)\b|^between the (two|three|options)\b/;
const OPTION_ONLY =
  /^(option|plan|approach|variant|proposal) ([a-z]|\d+|one|two|three)(( then| it is| please| for now| for (the|our|this) [a-z0-9 -]{2,30})?[.!]*$|,)/;
/** "cursor-based, not offset", "vitest over jest": a verbless choice of one thing against another. */
const VERBLESS_CONTRAST =
  /^(?!(that|i|it|we|they|there|what|he|she|you|let|here|who)'[a-z]+\b)[a-z0-9][a-z0-9.+/'-]*( [a-z0-9.+/-]+){0,2}(, please)?, (not|instead of|rather than|over) [a-z0-9][a-z0-9 .+/'-]{0,30}(, (for|since|because|as) [a-z0-9' -]{2,40})?[.!]*$/;
/** "also libvips over imagemagick from now on, it's faster": one named thing taken over another, said without a
 * verb or a comma before the contrast. */
const TOOL_OVER =
  /^(?!(they|it|we|i|you|he|she|them|this|that|spread|split)\b)[a-z0-9][a-z0-9.+/-]*( [a-z0-9.+/-]+)? (over|instead of|rather than) (?!(the|a|an|my|our|their|this|that|these|those|his|her|its|one|two|three|four|five|six|seven|eight|nine|ten|several|many|\d)\b)[a-z0-9][a-z0-9.+/-]*( [a-z0-9.+/-]+)?( from now on| going forward| for now| then| for this| here| for (the|this|our|all) [a-z0-9 -]{2,30})?([,.!;]|$)/;
/** "use restic instead of rsync", "switch to uv over poetry": one named tool taken in place of another. */
const USE_INSTEAD =
  /^(let's |we'll |please |just )?(use|pick|take|go with|switch to|move to|choose|store|save) (?!(the same|a|an|one|it|them|this|that)\b)[a-z0-9][a-z0-9 .+/-]{0,30}? (instead of|over|rather than) (?!\d)[a-z0-9]/;
/** "composition over inheritance", "readability over cleverness, please": a principle to keep, not one pick. */
const PRINCIPLE =
  /^\S*(ity|ness|ion|ance|ence|acy|ism)\b|\b(over|instead of|rather than) \S*(ity|ness|ion|ance|ence|acy|ism)\b|\b(please|only)\b|^\S+ (\S+ )?over \d|^\S+ (go|goes|come|comes|run|runs|is|are|was|were|get|gets|sent|travel|travels) /;
/** "ok vitest then", "postgres then": a terse pick that closes a question. */
const PICK_THEN =
  /^(ok(ay)?,? )?[a-z0-9][a-z0-9.+-]*( [a-z0-9.+-]+){0,2} then[.!]*$|^then,? [a-z0-9][a-z0-9.+-]*( [a-z0-9.+-]+)?[.!]*$/;
/** "ok so xlsx then, the dates would break", "right, the ready event then", "ok then single container, schemas
 * per class": the terse pick after a lead-in, with its reason or a second part after the comma. */
const PICK_THEN_SAID =
  /^((ok(ay)?|so|right|alright|fine|yeah|yes)[,.!]* )*((the |a )?[a-z0-9][a-z0-9.+'=-]*( [a-z0-9.+'=-]+){0,2} then|then,? (the |a )?[a-z0-9][a-z0-9.+'=-]*( [a-z0-9.+'=-]+)?)(, [^,]{3,60})?[.!]*$/;
/** "we'll skip the merge step for now", "the animation we don't need, not now", "i'd skip it": a part of the
 * work declined, which is a choice of scope. */
const DECLINES =
  /^((ok|okay|so|then|fine|no|yeah|good|great|perfect|nice|cool|thanks)[,.]* )*([a-z0-9 -]{1,40} (is|are) optional[,;]? (so )?)?((we'll|we will|i'll|let's|lets|we can|i'd) )?(skip|leave out|leave|drop|pass on) (it|that|this|them|those|the [a-z0-9 -]{1,40}?)( out)?( (for now|for this release|this time|in this pr|for v\d+|until later))?[.!]*$/;
/** "the animation we don't need, not now": the part named first, then declined for now. */
const NOT_NEEDED =
  /^(the |that |this )?[a-z0-9 -]{1,40} (we|i) (don't|do not) need,? (not now|for now|yet)[.!]*$/;

/** A part of the work declined for now ("we'll skip the merge step for now", "i'd skip it"). */
export function declinesPart(n: string): boolean {
  if (NOT_NEEDED.test(n)) return true;
  const m = DECLINES.exec(n);
  // A bare "skip the login test" is a step of work; "optional", the speaker's "i'd"/"we'll", a "for now" or
  // "out" make it a choice of what is left out.
  return (
    m !== null && (m[3] !== undefined || m[6] !== undefined || m[10] !== undefined || m[11] !== undefined)
  );
}

const CONTRAST = /,? (not|instead of|rather than|over) [a-z0-9]/;
/** "leave the three mobile ones, remove the other 20": one part of a set one way, the rest the other. */
const SPLIT_SET =
  /^(keep|leave|skip|spare|exclude|ignore) [^,]{1,60}, (and )?[a-z]+ (the )?(other|rest|remaining)\b/;
/** "we'll swap next-auth out in a separate PR": a part of the work moved out of this one. */
const DEFERS =
  /^(ok,? |no,? )?(we|i)('ll| will) [a-z]+ [^,;]{1,60}\b(in (a|its|their|another|the next) (own |separate |later |follow-up |new )?(pr|change|ticket|release|sprint|branch)|next (week|sprint|release))\b/;
/** "yes to signing, no to homebrew": options taken and left in one breath. */
const YES_NO_TO = /^(yes|no) to [^,;]{1,40}[,;] (and )?(no|yes) to \S/;
/** "go with your recommendation", "…, so let's do that": taking what was proposed or just named. */
const TAKES_PROPOSAL =
  /^((ok(ay)?|yes|sure|fine),? )?(let's |we'll |i'll )?(go|going) with (your|the|that|this) ((first|second|third|last|other) )?(recommendation|suggestion|proposal|plan|idea)\b|, so (let's|we'll) (do|go with|take) (that|it|this)( one)?[.!]*$/;

/** "Decided:", "Decision from monday's planning: …": a choice announced with a label. */
export function isLabelledDecision(n: string): boolean {
  return DECISION_LABEL.test(n);
}

/** A choice the speaker makes now (a decision), given the sentence normalized. */
export function isDecision(n: string): boolean {
  if (handsBack(n)) return false;
  // "deposit by bank transfer rather than cash on the day": one way put before another, said without a verb.
  // "text alerts rather than email for missed feeds, people read texts": with the reason after the comma.
  const ways =
    /^([a-z0-9' -]{3,40}) (rather than|instead of) [a-z0-9' -]{2,40}(, please|, [a-z' ]{3,40})?[.!]*$/.exec(
      n,
    );
  // "use exec-file instead of exec for every call" keeps a way for good: a rule, not a pick.
  if (
    ways &&
    !/\b(every|each|all|always|never|per)\b/.test(n) &&
    !tagWords(ways[1] as string).some((w) => w.tag === "VERB" || w.tag === "AUX" || w.tag === "PRON")
  )
    return true;
  // "we've looked at feast and we'll go with feast": the pick in the clause after "and".
  const joined = /\b(?:and|so) (?=(?:we|i)(?:'ll| will)? (?:go|going|stick|pick|take|use)\b)/.exec(n);
  // "the cat decided the keyboard is her bed, so we go with voice typing": a story's punchline picks nothing.
  const before = joined === null ? "" : n.slice(0, joined.index);
  const story =
    joined !== null &&
    !/^(we|i|we've|i've|we have|i have)\b/.test(before) &&
    (PAST_VERB.test(before) ||
      /\b([a-z]{3,}ed|sat|ate|fell|broke|went|came|ran|got|took|left|lost|won|bit|hid|stole)\b/.test(before));
  if (joined && !story && madeChoice(n.slice(joined.index + joined[0].length))) return true;
  // "we're not doing that, too many users on old jest": the way proposed, declined.
  if (/^(we're|we are|i'm|i am) not (doing|going with|going to do) (that|this|it)\b/.test(n)) return true;
  // "after going back and forth, we picked …", "instead of polling, we'll use …": a lead-in, then the choice.
  const lead =
    /^(after [^,]{3,40}|having [^,]{3,40}|between [^,]{3,60} and [^,]{3,60}|in the end|eventually|finally|instead of [^,]{2,40}|(that|this|it)('s| is| sounds| looks| seems) (ideal|great|good|perfect|fine|sensible|right|lovely)|yes,? please|(sounds|looks) (good|great|ideal|perfect|fine)|after thinking about it|on reflection), (?=\S)/.exec(
      n,
    );
  const rest = lead ? n.slice(lead[0].length) : "";
  if (lead && madeChoice(rest)) return true;
  // "between the red and the blue theme, blue": one of the two named, in a word or two.
  const named = rest.replace(/[.!]+$/, "");
  if (lead?.[0].startsWith("between") && named.split(" ").length <= 3 && lead[0].includes(named)) return true;
  // "instead of polling, we'll listen for push events": the way taken against the one named, whatever its verb.
  if (
    lead?.[0].startsWith("instead of") &&
    /^((we|i)('ll| will|'re going to| are going to)|let's|lets) [a-z]+/.test(rest)
  )
    return true;
  return madeChoice(n);
}

function madeChoice(n: string): boolean {
  if (picksOutright(n)) return true;
  // "the server copy wins, always" settles every future conflict: a standing rule, not one choice.
  const wins = WINS.test(n) && !/\b(always|every time|each time|in every case|whenever)\b/.test(n);
  if (DECISION_LABEL.test(n) || CHOSE.test(n) || IT_IS.test(n) || wins || OPTION_ONLY.test(n)) return true;
  if (VERBLESS_CONTRAST.test(n) && !/^(no|not|never|don't|only)\b/.test(n) && !isImperative(n)) return true;
  // "bump the ci image to jdk 17 then": the way out of what was just said, taken.
  if (
    /^(ok,? |fine,? |right,? )?(do|use|bump|switch|go|try|keep|take|pick|drop|move|upgrade|downgrade|pin) .{2,60} then[.!]*$/.test(
      n,
    )
  )
    return true;
  // "go with the cheaper instance type", "we're vendoring the fonts rather than loading them from a cdn", "the
  // answer is zig, not rust", "agreed, the app uses the gateway from now on": the way taken, said outright.
  if (
    /^(go|stick) with (the|a|an) [a-z0-9]/.test(n) ||
    /^(we're|we are|i'm|i am) [a-z]{3,}ing .{2,60} (rather than|instead of) [a-z]/.test(n) ||
    // "let's exclude the keys from the cache rather than disabling the plugin": one way over the other, now.
    (/^(let's|lets|we'll|we will) [a-z-]+ .{2,60} (rather than|instead of) [a-z]/.test(n) &&
      !/\b(always|never|every|any|whenever|from now on)\b/.test(n)) ||
    /^(the )?(answer|verdict|pick|winner) is [a-z0-9][^,]{0,40}(, not [a-z0-9]|[.!]*$)/.test(n) ||
    // "the green layout you showed me is the one", "postgres over the spreadsheet, definitely": the pick, named.
    /^(the|that) [a-z0-9' -]{2,50} is the one( for (us|me|this))?[.!]*$/.test(n) ||
    /^[a-z0-9][a-z0-9.+/-]*( [a-z0-9.+/-]+)? over (the|a|an|our) [a-z0-9 -]{2,30}, (definitely|for sure|please|easily|no contest|hands down)[.!]*$/.test(
      n,
    ) ||
    /^agreed, (?!(thanks|thank you|good|great|nice|makes sense|sounds good|let's|lets|please)\b)\S+ \S+ \S+/.test(
      n,
    )
  )
    return true;
  if (USE_INSTEAD.test(n) && !/\b(always|never|every|any|whenever)\b/.test(n)) return true;
  if (
    TOOL_OVER.test(n) &&
    !/^(no|not|never|don't|only|always)\b/.test(n) &&
    !isImperative(n) &&
    !PRINCIPLE.test(n)
  )
    return true;
  const picked = n.replace(/^(ok(ay)?,? |then,? )(?=\S+)/, "");
  if (
    PICK_THEN.test(n) &&
    !isImperative(picked) &&
    !/^(ok|okay|fine|good|right|sure|yes|no|and|so|what|why|how)\b/.test(picked)
  )
    return true;
  if (/^(settled|decided|agreed|landed) on\b/.test(n)) return true;
  if (
    PICK_THEN_SAID.test(n) &&
    !isImperative(n.replace(/^((ok(ay)?|so|right|alright|fine|yeah|yes|then)[,.!]* )+/, ""))
  )
    return true;
  if (declinesPart(n)) return true;
  if (SPLIT_SET.test(n) || TAKES_PROPOSAL.test(n) || DEFERS.test(n) || YES_NO_TO.test(n)) return true;
  if (LETS_CHOICE.test(n)) return true;
  // "i keep forgetting …" narrates a habit; it chooses nothing.
  // "we're doing the 2.0 cleanup this week" names the work of a time, not a pick.
  // "i'll go with whichever option means tea sooner" names no option.
  if (CHOOSING.test(n) && !/\bwhichever\b/.test(n))
    return (
      !/\b(need|want|must|have) to\b/.test(n) &&
      !/^(we|i) (keep|stay) [a-z]+ing\b/.test(n) &&
      !/^(we're|we are|i'm|i am) doing .+ (today|tonight|this (week|sprint|month|morning|afternoon))[.!]*$/.test(
        n,
      )
    );
  if (/^(i|we) want the [a-z0-9 -]+(version|one|option|approach|design)\b/.test(n)) return true;
  if (/^(do|go) (it )?(with|for) /.test(n) && (CONTRAST.test(n) || /\b(approach|option|plan)\b/.test(n)))
    return true;
  if (/^for [a-z0-9 -]+ we (use|take|go with)\b/.test(n)) return true;
  return false;
}

/** Two or more options marked "(1) … (2)" or "A) … B)". */
const ENUMERATED =
  /(^|\s)\(?([1-3]|[a-c])\)\s[\s\S]*\s\(?([2-4]|[b-d])\)\s|\boption ([1-3]|[a-c])\b[\s\S]*\boption ([2-4]|[b-d])\b/;

/** The assistant's last message asks the user to choose ("A or B?", "1) … 2) …", "which do you prefer?"). */
export function asksChoice(prev: string): boolean {
  const tail = prev.slice(-600).toLowerCase();
  // "Options: (1) fix only the typo, (2) fix both." offers a choice without a question mark.
  if (/\b(options|choices|alternatives)\b[^.?!]{0,20}:/.test(tail) && ENUMERATED.test(tail)) return true;
  // "Options: route it to a dead-letter topic, or move the offset by hand." names two ways after a label;
  // "Two ways to do it: 1) … 2) …", "There are two routes here: …, or …" lay them out in a statement.
  const laidOut =
    /\b(options?|choices|alternatives|(two|three|2|3|a few|several|a couple of) (ways|routes|paths|approaches|options|choices))\b[^.?!]{0,30}:/;
  if (laidOut.test(tail) && (ENUMERATED.test(tail) || /:[^?!]{3,200}\bor\b/.test(tail))) return true;
  // "Two live credentials: create, deploy, revoke. OK?": a plan put up for a yes.
  if (/[.:]\s*(ok|okay|alright|sound good|sounds good|good|fine|agreed|right)\?\s*$/.test(tail)) return true;
  // "We could render them on demand, or cache them.", "I can either finish it or abort": two ways, not asked.
  if (/\b(we|you|i) (could|can)( either)? [^.?!]{2,120}\bor\b/.test(tail)) return true;
  if (!tail.includes("?")) return false;
  // "What should I work on?" asks for a task, not between options.
  if (
    /\b(what|where) (should|shall|do|can) i (work on|do|start|begin|tackle|focus on|look at)\b[^?]*\?\s*$/.test(
      tail,
    )
  )
    return false;
  return (
    /\bor\b[^?]*\?|\bwhere (should|shall|do you want|would you like)\b|\b(which|prefer|preference|choose|pick|shall i|should i|ok with you|is that ok|go with)\b/.test(
      tail,
    ) || /(^|\s)([1-3]|[a-c])\)/.test(tail)
  );
}

/** "ugh, fine: a toggle …", "ok: split on the last space": a pick settled after some hesitation. */
export const SETTLES =
  /^((ugh|hmm+|well|right|so|ok|okay)[,.]* )*(fine|ok|okay|alright|right|so)\s*:\s+(?=\S)/;
/** A sigh or a thanks opens a reply without choosing ("ugh.", "thank you for asking."). */
const NO_PICK = /^(ugh+|argh+|meh|thanks?|thank you|cheers)\b/;
/** "let's cache them", "we'll quarantine them first": the speaker's plan in answer to the question. */
const PLANS = /^((yes|no|ok|okay|sure|fine),? )?(let's|lets|we'll|we will|i'll|going with|go with)\b/;
/** "a single batched query would be better, i think", "hourly snapshots are fine": an option judged best. */
const JUDGED =
  /^[a-z0-9][^,]{0,50}? ((would be|is|are|'s|sounds|seems) (better|best|preferable|fine|good enough|the (better|right|safer) (one|choice|option|way))|would be (kinder|simpler|easier|cheaper|nicer|clearer|safer|quicker|tidier|fairer))\b/;

/** Words of doubt: a reply that holds one picks nothing. */
const DOUBT = "not sure|no idea|don't know|do not know|let me think|maybe,? maybe not|hard to say|who knows";
const DOUBTS = new RegExp(`\\b(${DOUBT})\\b`);
const UNSURE = new RegExp(
  `\\b(${DOUBT}|dunno|let me think( about it| it over)?|later|hmm+\\??)[.!]*$|^(${DOUBT}|either|neither|let me (check|ask|sleep on it)|i'll (think|get back|check|ask)|give me a (sec|second|minute|moment))\\b`,
);

/** The assistant's last sentence is a yes/no question ("Do you want keep-alive on by default?"). */
const YES_NO_QUESTION =
  /(^|[.!?]\s+)(and )?(should|shall|do|does|would|will|can|is|are) [a-z][^.!?]{0,80}\?\s*$/;
/** "Include a tie-break box?", "Export to PDF for the board?": a yes or no asked with the verb alone. */
const BARE_VERB_QUESTION = new RegExp(`(^|[.!?]\\s+)(${BASE_VERB}|want|need) [a-z][^.!?]{1,80}\\?\\s*$`);

/** The assistant's last sentence asks a yes or a no. */
export function asksYesNo(prev: string): boolean {
  return YES_NO_QUESTION.test(prev.slice(-300).toLowerCase());
}

const AGREES = /^(agreed|yes|yeah|yep|sure|ok|okay|sounds good|fine|good idea),? [a-z]/;

/** "yep chunks" after "Chunk the upload and resume?": a yes that names the proposal it takes. */
const NAMES_PROPOSAL = /^(yes|yeah|yep|yup|sure|ok|okay)[,.!]* ([a-z0-9][\w.+/-]*( [\w.+/-]+){0,2})[.!]*$/;

function namesProposal(n: string, prev: string): boolean {
  const m = NAMES_PROPOSAL.exec(n);
  const tail = prev.slice(-400).toLowerCase();
  if (!m || !tail.includes("?") || /^(please|thanks|pls|thx|do it|go ahead)\b/.test(m[2] as string))
    return false;
  // A word of the proposal, allowing a changed ending ("batch" / "batched", "chunks" / "chunk").
  return (m[2] as string)
    .split(" ")
    .every((w) => w.length < 3 || tail.includes(w.slice(0, Math.max(3, w.length - 2))));
}

/** "not in this pr" after "should i also add shortcuts?": a part of the work put off, which is a choice. */
export const DEFERS_PART = new RegExp(
  `^(no,? )?(not|maybe not) (in|for|with) (this|the same|that) (pr|pull request|mr|change|release|version|sprint|ticket|round|iteration|branch)\\b|^(no,? )?(${PUT_OFF}|later|separate pr|(in )?a (separate|follow-up|later) (pr|change|ticket))[.!]*$`,
);

/** "stop and list them" after "Stop or continue?": the reply opens with one of the verbs offered. */
export function opensWithOfferedVerb(n: string, prev: string): boolean {
  const verb = /^([a-z]{3,})\b/.exec(n)?.[1];
  const question = lastQuestion(prev.toLowerCase()) ?? "";
  // "block it" after "should I block the declaration or fall back to manual entry?".
  return (
    verb !== undefined &&
    / or /.test(question) &&
    new RegExp(`(^|[,.:] |\\b(i|we|you|or|to) )${verb}\\b`).test(question)
  );
}

/** A few words with no verb that name a value ("same list", "fixed date, 30 june", "optional, please"). */
function namesValue(n: string): boolean {
  const head = (n.split(/, /)[0] as string).replace(/[.!]+$/, "");
  const words = head.split(" ");
  if (words.length > 6 || n.split(" ").length > 8 || n.endsWith("?")) return false;
  if (
    /^(yes|yeah|yep|no|nope|nah|ok|okay|sure|fine|thanks?|thank you|great|good|perfect|not|maybe|i|we|it|that|this|please|hmm+|later|lol|all the time|obviously)\b/.test(
      head,
    )
  )
    return false;
  if (isImperative(head)) return false;
  // "one guest per member", "after 12 months", "no exceptions": a bound or a rule, not a pick.
  if (
    /\b(per|every|each|always|never|only|no|exceptions|max|min|at (least|most)|after|before|within|until|maybe|torn|question)\b|=/.test(
      n,
    )
  )
    return false;
  return !tagWords(head).some((w) => w.tag === "VERB" || w.tag === "AUX" || w.tag === "PRON");
}

/** A reply of a few words without a verb whose first words name the thing the question asked about. */
function namesAskedThing(n: string, question: string): boolean {
  const words = n.replace(/[.!]+$/, "").split(" ");
  if (words.length > 7 || n.endsWith("?") || question === "") return false;
  if (
    /^(yes|yeah|yep|no|nope|nah|ok|okay|sure|fine|thanks?|thank you|not|maybe|i|we|it|that|this|please|only|never|always|just)\b/.test(
      n,
    )
  )
    return false;
  if (!echoes(words.slice(0, 2).join(" "), question.toLowerCase()) || isImperative(n)) return false;
  // "one guest per member", "9pm, every day": a bound that holds for every case is a rule.
  if (/\b(per|every|each|always|never|only|no|exceptions|max|min|at (least|most)|within|until)\b|=/.test(n))
    return false;
  return !tagWords(n.replace(/(\w)-(\w)/g, "$1$2")).some(
    (w) => w.tag === "VERB" || w.tag === "AUX" || w.tag === "PRON",
  );
}

/** Words that open the next clause of a dictated reply ("weekly on sunday night is plenty and …"). */
const NEXT_CLAUSE =
  /^(so|but|and|because|since|as|is|are|the|they|people|we|i|it|nobody|everyone|if|then|that's|thats|cos|cause)\b/;

/** "weekly on sunday night is plenty and …", "show them as reserved so people know …" after "A or B?": a dictated
 * reply that opens with a few words naming one of the options, then goes on without a stop. */
function picksAtHead(said: string, prev: string): boolean {
  const question = lastQuestion(prev.toLowerCase()) ?? "";
  if (!/\bor\b/.test(question) || said.split(" ").length < 6 || /[,;.]/.test(said.replace(/[.!?]+$/, "")))
    return false;
  const lead = /^((hmm+|um+|ok|okay|right|so|yes|yeah|no|nah)[,.]* )+/i.exec(said)?.[0] ?? "";
  const words = said.slice(lead.length).split(" ");
  for (let k = 1; k <= Math.min(5, words.length - 2); k++) {
    if (!NEXT_CLAUSE.test(words.slice(k).join(" ").toLowerCase())) continue;
    const named = words
      .slice(0, k)
      .map((w) => w.toLowerCase())
      .find((w) => w.length > 3 && !/^(just|only|with|them|they|that|this|then)$/.test(w));
    if (named !== undefined && new RegExp(`\\b${named.slice(0, 4)}`).test(question)) return true;
  }
  return false;
}

/** "we leave it" after "I'd leave it and soften the surfaces": the proposal's own verb said back as ours. */
function restatesProposal(n: string, prev: string): boolean {
  // "we leave it", "let's leave it", and "ok exclude them" after "I'd exclude members who left".
  const verb =
    /^(we|let's|lets|then we)( will|'ll)? ([a-z]{3,})\b/.exec(n)?.[3] ??
    /^((ok|okay|yes|sure|fine|alright|then)[,.!]* )*([a-z]{3,})\b(?! (is|are|was|were|would|will|sounds|seems|looks)\b)/.exec(
      n,
    )?.[3];
  return (
    verb !== undefined &&
    new RegExp(`\\bi'd ${verb}\\b|\\bi (would|could|can) ${verb}\\b`).test(prev.toLowerCase())
  );
}

/** A short reply that picks an option the assistant offered. */
export function isChoiceReply(said: string, prev: string | undefined): boolean {
  let n = said;
  if (!prev) return false;
  // "what happens with sqlite when four workers write at once": a question, even without its mark.
  if (
    /^(what|how|why|where|when|which|who)( [a-z]+)? (happens|happened|does|do|did|is|are|would|will|can|could|should)\b/.test(
      n,
    )
  )
    return false;
  // "please compare, i don't know", "hmm let me think about that": doubt picks nothing; nor does "just curious,
  // no need to do it now".
  // "the old owner wrote 'never refund deposits' years ago": words quoted from the past, told before the answer.
  if (DOUBTS.test(n) || releases(n) || (PAST_TIME.test(n) && /(^|\s)['"“‘][^'"”’]{3,}['"”’]/.test(n)))
    return false;
  if (namesProposal(n, prev) || answersClosed(n, prev) || answersOpen(n, prev) || agreesToPlan(n, prev))
    return true;
  if (takesSuggestion(n, prev) || changesWay(n, prev) || ordersWayAfterFinding(n, prev)) return true;
  if (picksAtHead(n, prev)) return true;
  // "agreed, keep the old data" after a proposal takes it.
  if (
    suggestionIn(prev) !== null &&
    (AGREES.test(n) || /^(go|going) with (the|that|this|it|your)\b/.test(n) || restatesProposal(n, prev)) &&
    n.split(" ").length <= 10
  )
    return true;
  // "Should retries be logged?" → "yes, at warn level": a yes or no that says how.
  const closed = YES_NO_QUESTION.test(prev.slice(-300).toLowerCase());
  if (closed && /^(yes|yeah|yep|no|nope),? \S/.test(n)) {
    const rest = n.replace(/^(yes|yeah|yep|no|nope),? /, "");
    if (n.split(" ").length <= 8 && !isImperative(rest) && !/^(please|thanks|thank you)\b/.test(rest))
      return true;
    // "yes lock it" after "Should the tablet be locked …?": the asked thing done, said as an order.
    if (n.split(" ").length <= 8 && isImperative(rest) && echoesAskedVerb(rest, prev)) return true;
  }
  // "Optional, please" after "Should medical notes be required?", "three days' grace for staff": a value said
  // without a verb answers the question with a way.
  if (closed && namesValue(n)) return true;
  // "tie-break box on the last page" after "Include a tie-break box?", "pdf, a4 landscape" after "Export to PDF for the
  // board?": the thing asked about named first, with how it is to be.
  const bareAsk = BARE_VERB_QUESTION.exec(prev.slice(-300).toLowerCase());
  const question = lastQuestion(prev) ?? "";
  if ((closed || bareAsk) && (namesAskedThing(n, question) || saysAskedWordBack(n, question))) return true;
  if ((closed || bareAsk) && offersInstead(n) && !isImperative(n)) return true;
  // "B" after "A) … B) … C) …": an option named by its mark; "agreed, option 1" and "A, then, a signature file"
  // name it after a word of assent or before their reason.
  const mark = (
    n
      .replace(/^((agreed|ok|okay|yes|yeah|sure|fine|then|so|right|alright)[,.!]* )+/, "")
      .split(/, | — | - |\. /)[0] as string
  ).trim();
  if (
    /^(option |number |#)?([1-4]|[a-d])[.!)]*( then| please| it is)?$/.test(mark) &&
    ENUMERATED.test(prev.slice(-600).toLowerCase())
  )
    return true;
  if (!asksChoice(prev)) return false;
  n = n.replace(SETTLES, "");
  const words = n.split(" ").filter((w) => w !== "");
  if (words.length === 0 || words.length > 30 || n.endsWith("?")) return false;
  // "defaults for now, we'll tune later": an option named first; only a reply that is all doubt picks nothing.
  // "postgres or sqlite, your call": the choice handed back in the last clause (answers.ts) picks nothing either.
  const unsure = UNSURE.test(n) || handsBack(n.split(/, /).at(-1) ?? n);
  if ((unsure && !repeatsOption(n, prev)) || NO_PICK.test(n)) return false;
  if ((PLANS.test(n) && !/\b(think|discuss|talk|see|wait|check)\b/.test(n)) || JUDGED.test(n)) return true;
  // "Separate table please, the old app would choke on a new status.": the pick, then its reason.
  const head = n.split(/, | — | - |; | so (?=(the|it|we|they|our)\b)/)[0] as string;
  if (words.length > 10 && head.split(" ").length > 6) return false;
  // A bare acknowledgement ("ok", "thanks") does not say which option.
  return !/^(ok|okay|k|thanks?|thank you|cool|great|nice|hmm+|yes|yeah|yep|sure|fine|good|perfect|agreed|alright|right|noted|got it)[.!]*$/.test(
    n,
  );
}

/** "/healthz" answers "/healthz or /status?"; any other message opening with "/" is a command. */
export function isCommand(text: string, prev: string | undefined): boolean {
  const head = /^\/\S*/.exec(text.trimStart())?.[0].replace(/[.,;:!?]+$/, "") ?? "";
  return head !== "" && !(head.length > 1 && prev?.includes(head));
}

/** The user's own "what if we also …?" or "would it be a problem if we logged the ip?", answered by the assistant. */
const OWN_ASK =
  /(^|[.!?:]\s+)(what if|how about|what about|should we|could we|can we|would it|is it worth|do we need)\b[^.!?]*\?\s*$/i;
/** "ok, do the alpine switch too": the option asked about, taken. */
const TAKES_TOO =
  /^((ok|okay|yes|yeah|then|so|fine|sure|alright)[,.!]* )*(please )?[a-z]+\b.*\b(too|as well|also)( then)?[.!]*$/;
/** "OK, leave the IP out then", "then let's keep it to six months", "ok we keep everything in Frankfurt": the
 * question settled after the answer. */
const SETTLES_ASK =
  /^(((ok|okay|yes|yeah|fine|sure|alright|right|then|so|hm+)[,.!]* )+(then )?(?!(thanks|thank|cool|great|nice|good|got|noted|interesting|makes)\b)[a-z']+ [a-z]+[^?]*|(let's|lets|we'll|keep|leave|skip|drop|[a-z]+) [^?]* then[.!]*)$/;

/** The user's own question the assistant answered, then the reply that settles it: the option asked about is
 * taken. Returns the sentence that takes it, or null. */
export function adoptsAskedOption(first: string, lastAsk: string | null): string | null {
  if (!lastAsk || !OWN_ASK.test(lastAsk.trim())) return null;
  const n = first.toLowerCase().trim();
  // "yeah, that's the thing I forgot: replays must still play back" states a rule of its own.
  const states = /:|\b(must|should|have to|has to|never|always|don't|do not)\b/.test(n);
  return TAKES_TOO.test(n) || (SETTLES_ASK.test(n) && !states) ? first : null;
}
