// Picks said outright, without a question before them (rounds forty-three to fifty-five, issue 28): the order of the
// work ("do the refunds first, then the reports", "put the lookup ahead of the map") and one of two named things
// taken ("I'd rather have X than Y", "use the tablet, not the phones", "static map over the interactive one", "the
// committee picked option two"). A way that holds for every case ("always use X, not Y") is a rule, not a pick.
// Inputs are normalized lowercase sentences. Pure.

import { isImperative } from "./clause.ts";
import { tagWords } from "./pos-tagger.ts";

/** "do the refund screen first, then the reports", "bunk numbers first, then names": which part goes first. */
const ORDER_PICK =
  /^(?:(?:swap|switch|change|flip|reverse) (?:the|that) order[:,] |order: )?(?:(?:we'll |we will |let's |lets )?(?:do |put |show |list |sort |have |build |make ))?(?!(?:always|never|no|not|don't|only|we|i|you|they|it|this|that)\b)([a-z0-9][a-z0-9' -]{1,40}?) first(?:[,;] (?:and )?(?:then |after that |next )?| (?:and )?then | and )(?!(?:always|every|never|please|thanks)\b)((?:the |a |an |our |my )?[a-z0-9][a-z0-9' -]{1,40}?)(?:,? then (?:the |a |an |our |my )?[a-z0-9][a-z0-9' -]{1,40}?)*(?: after| afterwards| after that| last| later| next| can wait)?[.!;]*$|^(?:(?:let's |lets )?(?:do|put|build|make|have|fix|finish) ((?:the|a|an|our|my)? ?[a-z0-9' -]{2,40}?) before|(?:(?:we'll|we will|i'll|let's|lets) )?(?:start|begin) with ((?:the|a|an|our|my) [a-z0-9' -]{2,40}?),? (?:and )?then) ((?:the|a|an|our|my)? ?[a-z0-9' -]{2,40}?)(?: this time| today| please)?[.!]*$/;

/** Whether the order picked names only parts of the work, no clause of their own ("test it first, then ship" is a
 * way of working). */
function picksOrder(n: string): boolean {
  const m = ORDER_PICK.exec(n);
  return (
    m !== null &&
    [(m[1] ?? m[3] ?? m[4]) as string, (m[2] ?? m[5]) as string].every(
      (part, at) =>
        // "fix the league table first, then the emails": the first part may be an order when the second names a part.
        (at === 0
          ? !isImperative(part) || /^(the|a|an|our|my|by) /.test((m[2] ?? m[5]) as string)
          : !isImperative(part)) &&
        !/\b(it|them|this|that|me|us|you|we|i|they|people|is|are|was|were|be|will|can|should|must)\b/.test(
          part,
        ) &&
        part.split(" ").length <= 6,
    )
  );
}

/** One of two named things taken, each shape with its example. */
const ONE_OF_TWO: RegExp[] = [
  // "ok, the second layout for the repair ticket, the one with the parts list on the right".
  /^((ok|okay|fine|right|yes)[,.]? )?the (first|second|third|last|other) (one|option|layout|design|version|choice|approach|idea)\b(?![^,]*\b(was|were|is|are|has|had|did)\b)/,
  // "sticking with csv, excel files confuse the treasurer's laptop".
  /^(sticking|staying|going) with [a-z0-9' -]{2,30}(,|[.!]*$)/,
  // "take the first option, the one that keeps the old ids".
  /^(take|pick|choose|go with|use) (the )?(first|second|third|last|other|former|latter|1st|2nd|3rd) (one|option|choice|approach|layout|design|version)\b/,
  // "use the card reader and drop the cash tin", "stick with email, forget whatsapp".
  /^(use|keep|go with|stick with) (the |a |an )?[a-z0-9' -]{2,30}?(,| and) (drop|ditch|scrap|lose|forget|bin) (the |a |an )?[a-z0-9' -]{2,30}[.!]*$/,
  // "ship it with the waiting list instead of the cap".
  /^(ship|do|build|make|run) it with (the|a|an) [a-z0-9' -]{2,30} (instead of|rather than|over) [a-z]/,
  // "the blue theme, definitely", "the blue version, please".
  /^(the|a|an) [a-z0-9' -]{2,30}, (definitely|for sure|hands down)[.!]*$/,
  /^(the|a) [a-z0-9' -]{2,30} (version|one|option|layout|design|theme|colour|color), please[.!]*$/,
  // "let's store the photos on the club's drive, not in the database", "we'll sell it by the sheet, not by the pack".
  /^(we'll|we will|let's|lets) (do|use|store|keep|sort|sell|send|print|show|list|put|run|host|hold|take|go with|pay|charge|split|group|order|price|book|email|text|post|publish|track|record|log|count|save|file) [^,]{2,50}, not [a-z0-9' -]{2,30}[.!]*$/,
  // "use the tablet, not the volunteers' own phones", "put the rota on a calendar, not a table": one way told, the
  // other named and set aside ("keep times in local time, not utc" keeps a way for good).
  /^(use|put|show|send|print|list|store|sort|group|email|text|make|go with|pick|choose|do|have) (the|a|an|our|my|their|this|that|it|them) (?![^,]*\b(only|src|folder|directory)\b)[^,/]{2,50}, not (a |an |the |their |our |my )?[a-z0-9' -]{2,30}[.!]*$/,
  // "the per-flight battery count, please, not per session".
  /^(the |a |an )?[a-z0-9' -]{2,40}, please, not [a-z0-9' -]{2,30}[.!]*$/,
  // "we'll publish the rota as a pdf, not a web page".
  /^(we'll|we will|let's|lets) [a-z-]+ (the|it|them|our) [a-z0-9' -]{0,30}?as (a|an) [a-z0-9' -]{2,20}, not (a |an )?[a-z0-9' -]{2,20}[.!]*$/,
  // "put the postcode lookup ahead of the map work".
  /^(put|do|take|move|have) (the|a|an|our) [a-z0-9' -]{2,40} (ahead of|in front of) (the|a|an|our) [a-z0-9' -]{2,40}[.!]*$/,
  // "start with the invoices and leave the map for next week".
  /^(start|begin) with (the|a|an|our) [a-z0-9' -]{2,40}? and (leave|park|save|keep) (the|a|an|our) [a-z0-9' -]{2,40}? for (later|next week|another day|next time|now)[.!]*$/,
  // "never mind the pdf, html is fine".
  /^never mind (the|that|about the) [a-z0-9' -]{2,30}, [a-z0-9' -]{2,30} (is|are|will be) (fine|enough|ok|okay|good)[.!]*$/,
  // "i'd rather have a single page than the wizard"; "a slow correct answer than a fast wrong one" is a principle.
  /^(i|we)('d| would) rather (have|use|go with|take|keep|do) (?!(a|an) [^,]{2,40} than (a|an) )[^,]{2,60} than [a-z]/,
  // "i'd rather the steward approves loans than have it automatic": who does it, picked over the other way.
  /^(i|we)('d| would) rather (the|a|an|our|we|they|it|someone) [^,]{2,60} than (to (the|a|an|our)|have|let|leave|make|use|do) [a-z]/,
  // "karate fees will be per grading rather than per term": how it will be, one way over the other.
  /^(the |our )?[a-z0-9' -]{2,40} (will be|'ll be|are going to be|is going to be) [a-z0-9' -]{2,30} (rather than|instead of) [a-z0-9' -]{2,30}[.!]*$/,
  // "the committee picked option two, the weekly summary": a pick made by the body and passed on.
  /^(the|our) [a-z' -]{2,30} (picked|chose|has picked|have picked|has chosen|have chosen|went for|went with|settled on|voted for) (option [a-z0-9]+|the (first|second|third|last|other) (one|option)|the [a-z0-9' -]{2,30} option|(a|an|the) [a-z0-9' -]{2,30} over (the|a|an) [a-z])/,
  // "i'd rather have the cheaper printing quote": one of the offers taken.
  /^(i|we)('d| would) rather (have|go with|take|use) (the|a|an) [a-z0-9' -]{2,40}[.!]*$/,
  // "i'd rather do the rural round first", "i'd pick a qr code over a plain barcode".
  /^(i|we)('d| would) rather do (the|a|an|our) [^,]{2,40} first\b/,
  /^(i|we)('d| would) (pick|choose|go with|take) .{2,40} over (the |a |an )?[a-z]/,
  // "fine, make it the saturday slot, not the sunday one", "we'll have the assessment day before the groups are
  // published, not after", "go for the shorter form, we can add fields later".
  /^(make it|make that|let's make it) (the )?[a-z0-9' -]{2,30}, not (the )?[a-z0-9' -]{2,30}[.!]*$/,
  /^(we'll|we will|let's|lets) (have|do|hold|run|put) [a-z0-9' -]{2,40} (before|after) [a-z0-9' -]{2,40}, not (before|after)[.!]*$/,
  /^go for (the|a|an) [a-z0-9' -]{2,40}(, |[.!]*$)/,
  // "darts results by email, not the app, that's our pick", "choose the blue layout, not the green".
  /, (that's|that is) (our|my|the) (pick|choice|decision|call)[.!]*$/,
  /^(choose|pick|go with) (the|a|an) [a-z0-9' -]{2,40}, not (the |a |an )?[a-z0-9' -]{2,30}[.!]*$/,
  // "keep the old stock numbers rather than renumbering", "flag them rather than block them".
  /^(keep|strike through|mark|show|print|email|text) [a-z0-9' -]{2,40} (rather than|instead of) [a-z]+ing\b/,
  /^(flag|mark|hide|show|skip|warn|block|keep|archive|email|text|print|list|merge|split|round|sort|group) (them|it|those|the [a-z ]{2,30}) (rather than|instead of) [a-z]{3,} (them|it|those)\b/,
];

/** "static map over the interactive one", "shop credit over cash refunds, please": two things named, one preferred,
 * with no verb; "players over 65" or "over the weekend" say an age or a time. */
const NAMED_OVER =
  /^(?:(?:the|a|an|our) )?([a-z][a-z0-9'-]*(?: [a-z0-9'-]+){0,3}) over ((?:the|a|an|our|any) )?([a-z][a-z0-9'-]*(?: [a-z0-9'-]+){0,3})(?:, (?:please|definitely|i think|for now))?[.!]*$/;
const NOT_A_THING =
  /\b(is|are|was|were|be|been|goes|go|went|runs?|gets?|got|has|have|had|pays?|takes?|comes?|came|it|them|this|that|we|i|you|they|he|she|me|us|all|age|aged)\b|^(weekend|summer|winter|spring|autumn|holidays?|phone|limit|top|years?|months?|weeks?|days?|past|moon|course|road|line|counter|edge|time|budget|christmas|easter|lunch|coffee|dinner|night)\b/;

function namesOneOverOther(n: string): boolean {
  const m = NAMED_OVER.exec(n);
  if (m === null || isImperative(m[1] as string)) return false;
  // "clarity over cleverness", "composition over inheritance": a principle to keep, not one pick.
  if (/\b[a-z]+(ity|ness|ion|ance|ence|acy|ism)\b/.test(`${m[1]} ${m[3]}`)) return false;
  const parts = [m[1] as string, m[3] as string];
  // Named things only: a verb, an adverb or a pronoun anywhere makes a clause ("caretaker override always wins").
  return parts.every(
    (part) =>
      !NOT_A_THING.test(part) &&
      tagWords(part).every(
        (w, at) => !/^(VERB|AUX|ADV|PRON)$/.test(w.tag) || (at === 0 && /ed$/.test(w.word)),
      ),
  );
}

/** Whether the sentence picks the order of the work or one of two named things, and holds for no more than now. */
export function picksOutright(n: string): boolean {
  if (picksOrder(n) || namesOneOverOther(n)) return true;
  const standing = /\b(always|never|every|any|whenever|from now on)\b/.test(n.replace(/^never mind /, ""));
  return !standing && ONE_OF_TWO.some((shape) => shape.test(n));
}
