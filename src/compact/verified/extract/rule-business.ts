// Rules the business states as plain facts of itself (rounds forty-three to fifty-five, issue 28): what a class of
// its people or things always, never or only does ("drivers never carry more than eight parcels per trip"), what the
// club or shop itself does or will not do, what befalls whoever meets a case ("a player who misses two months in a
// row drops out", "anything left at the gate after dusk gets binned"), how things are sold, closed, decided or
// exempted, what a thing always is ("plot numbers are always four digits") and the owner's own practice ("i never
// take bookings over the phone"). Habits, complaints and symptoms said in the same shapes ("parents always think …",
// "friday nights are always chaos") are left out. Inputs are normalized lowercase clauses. Pure.

import { isImperative, PAST_TIME, TROUBLE } from "./clause.ts";
import type { StatedRule } from "./rule-statements.ts";

/** A rule of the business stated as a fact of a class, of the body itself or of a case, or null. */
export function businessRule(c: string): StatedRule | null {
  // "visitors never take the club's racing eights", "junior sessions always have a coach present", "groups of more
  // than twelve always pay in advance": what a class of the business's people or things always or never does.
  if (classHabitRule(c)) return { kind: "constraint", cue: "state" };
  // "the club never shows full names online": what the speaker's own body always or never does is its policy.
  if (bodyPolicy(c)) return { kind: "constraint", cue: "state" };

  // "juniors only play in the adult league with a coach's say-so": all a class of people may do.
  if (
    /^(?!(i|you|we|he|she|it|they|people|kids|children|parents|users)\b(?!'))(the |our )?([a-z0-9'-]+ ){0,2}(?=[a-z-]{3,}s( (over|under|aged) [a-z0-9-]+)? only )(?!(prefers|wants|needs|says|likes|thinks|means|does|goes|gets|takes|keeps|seems|looks|uses|allows|accepts|sells|shows|sends|makes)\b)[a-z-]{3,}s( (over|under|aged) [a-z0-9-]+)? only (?!(want|need|know|think|seem|like|love|get|have|see|care|eat|sleep|talk|ask|say|complain|moan|notice|remember|forget|until|for|in|on|at|by|with|from|to|after|before|if|when|the|a|an|as|once|twice|one|two|three|ever)\b)(do|[a-z]{3,})\b(?! (about|of)\b)/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "only" };
  // "socks and shorts are sold only as a pair": how alone a thing is sold or given.
  if (
    /\b(is|are) (sold|lent|hired|given|issued|sent|offered|served|kept|held|shown) only (as|in|to|with|by|on|at|for|after|before)\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "only" };
  // "the box office closes online sales two hours before curtain up": when something shuts, ahead of a time.
  if (
    /\b(closes?|opens?|locks?|shuts?|stops?|ends?) [a-z' ]{0,30}?((\d+|one|two|three|four|five|six|twelve|twenty-four|forty-eight) (hours?|days?|minutes?|weeks?)|half an hour|an hour|a day|a week) (before|after|ahead of|prior to)\b/.test(
      c,
    ) &&
    !PAST_TIME.test(c)
  )
    return { kind: "constraint", cue: "state" };
  // "the co-op doesn't take parts back once they've been fitted": what the speaker's own body does not do.
  if (BODY_REFUSES.test(c)) return { kind: "constraint", cue: "state" };
  // "the swap runs strictly on a one-bag-in, one-bag-out basis": a way things run, held to.
  if (/\b(runs?|works?|operates?) (strictly )?on an? [^.]{2,40} basis\b/.test(c) && !PAST_TIME.test(c))
    return { kind: "constraint", cue: "state" };
  // "floor spots are two songs or ten minutes, whichever comes first": a bound of two figures.
  if (
    /, whichever (comes|is) (first|sooner|earlier|later|less|lower|more|higher|shorter|longer)\b/.test(c) &&
    !/^(both|either|yes|no|ok|okay)\b/.test(c)
  )
    return { kind: "constraint", cue: "state" };
  // "toys for under-threes are washed after every single loan", "standing orders pause automatically if …": what is
  // done to a kind of thing each time, or what it does by itself in a case.
  if (
    /\b(is|are) [a-z]{3,}(ed|en) (after|before) (every|each)\b|^(?!(i|you|we|he|she|it|they)\b)[a-z' -]{2,40}s [a-z]{3,} automatically (if|when|whenever|once|after|unless)\b/.test(
      c,
    ) &&
    !PAST_TIME.test(c)
  )
    return { kind: "constraint", cue: "state" };
  // "season passes are never transferable between households": what may never be done with a thing.
  if (/\b(is|are) (never|not) [a-z]{3,}able\b/.test(c) && !TROUBLE.test(c) && !PAST_TIME.test(c))
    return { kind: "constraint", cue: "state" };
  // "box league matches are best of five games": how a match is decided.
  if (/\b(is|are) (best of|first to) (\d+|three|five|seven|eleven|fifteen|twenty-one)\b/.test(c))
    return { kind: "constraint", cue: "state" };
  // "a player who misses two months in a row drops out of the league", "kit that fails inspection is taken out of
  // service the same day": what befalls whoever or whatever meets a case.
  if (
    /^(a|an|any|every|each)? ?[a-z'-]+( [a-z'-]+)? (who|that) [^,]{3,60}? (drops? (out|off)|sits? out|is taken|are taken|is removed|are removed|is moved|are moved|goes|go|loses?|forfeits?|pays?|is struck|are struck|is stood down|are stood down|is barred|are barred|is suspended|are suspended|gets?|is put|are put)\b/.test(
      c,
    ) &&
    !PAST_TIME.test(c) &&
    !TROUBLE.test(c) &&
    !/^(i|you|we|he|she|it|they|people|someone|somebody|anyone|everyone)\b/.test(c) &&
    !isImperative(c)
  )
    return { kind: "constraint", cue: "state" };
  // "any member more than a month behind loses their locker key", "anything not sterilised in a fortnight gets
  // recycled", "dominoes players over 65 pay the concession rate": what befalls a case named without "who".
  if (CASE_BEFALLS.test(c) && !PAST_TIME.test(c) && !TROUBLE.test(c))
    return { kind: "constraint", cue: "state" };
  // "brown belts and above are exempt from weekday cleaning": who a duty leaves out.
  if (/\b(is|are) (exempt|excused|barred|banned) from\b/.test(c) && !PAST_TIME.test(c))
    return { kind: "constraint", cue: "state" };
  // "batch numbers are always six digits", "the shop on mill lane is always first stop", "the treasurer has the
  // final say": what a thing of the business always is, or who decides.
  if (
    (ALWAYS_IS.test(c) || FINAL_SAY.test(c) || ALWAYS_LAST.test(c)) &&
    !PAST_TIME.test(c) &&
    !TROUBLE.test(c)
  )
    return { kind: "constraint", cue: "state" };
  // "frozen food is never out of the freezer for longer than two hours", "tools go out for a maximum of a fortnight":
  // how long a thing may be away or left.
  if (
    /\b(is|are) never (out|left|kept|open|away|unattended|off) [^,]{0,40}\b(for )?(longer|more) than\b|\b(go|goes|are lent|is lent|are hired|is hired|stay|stays) (out )?for (a )?(maximum|max|minimum|min) of\b/.test(
      c,
    ) &&
    !PAST_TIME.test(c)
  )
    return { kind: "constraint", cue: "state" };
  // "kids under twelve wear them at all times on deck": what a class does at all times.
  if (AT_ALL_TIMES.test(c) && !PAST_TIME.test(c) && !TROUBLE.test(c))
    return { kind: "constraint", cue: "state" };
  // "staff can mark a book sold but only i can delete a card": who alone may.
  if (/\bonly (i|we) can\b/.test(c)) return { kind: "constraint", cue: "only" };
  // "members keep priority on sunday mornings until 11": who goes first, for good.
  if (
    /^[a-z0-9' -]{2,40} (keep|keeps|have|has|get|gets|take|takes) (priority|precedence|first refusal|first pick)\b/.test(
      c,
    ) &&
    !/^(i|you|we|he|she|it|they)\b/.test(c) &&
    !PAST_TIME.test(c)
  )
    return { kind: "constraint", cue: "state" };
  return null;
}

/** A case named by a bound or a state rather than a "who" clause, then what befalls it. */
const CASE_BEFALLS =
  /^(?:(?:any|every|each) [a-z'-]+|anything|anyone|anybody|(?:[a-z'-]+ )?[a-z'-]{3,}s) (?:more than|over|under|aged|not|still|left|without|with|older than|younger than|newer than|later than|who (?:doesn't|does not|don't|isn't|hasn't)|(?!(?:is|was|has|does)\b)[a-z]{3,}ed)(?: [^,]{1,40}?)? (?:loses?|forfeits?|pays?|goes|sits? out|moves? to|drops? (?:out|off)|gets? (?!(?:bored|tired|annoyed|upset|confused|lost|stuck|scared|worried|excited|cross|frustrated)\b)[a-z]{3,}(?:ed|en)|go(?:es)? (?:to|onto|into)|(?:is|are) (?:removed|suspended|barred|binned|recycled|struck off|refunded|charged|not paid|not accepted|not refunded|not counted|never paid|turned (?:down|away)))\b/;

/** "i never take bookings on bank holidays", "i never charge late fees": the owner's own practice; "i always forget
 * …" or "i never understood …" tell how the speaker is. */
export function ownerPractice(c: string): boolean {
  const own = /^(?:(?:and|but|also) )?i (?:never|always) ([a-z]{3,})\b(.*)$/.exec(c);
  return (
    own !== null &&
    // "i never work on sundays": when the owner works is a rule of the business.
    (!TENDENCY.test(own[1] as string) ||
      /^work (on|at|in|before|after|past|weekends|evenings|nights)\b/.test(`${own[1]}${own[2]}`)) &&
    !/(ed|ing)$/.test(own[1] as string) &&
    !/^(say|get|got|feel|felt|wonder|worry|wish|hope|thought|do|did|have|had|mix|lose|end|put|keep|understood|knew|saw|went|came|made|took|told|said|heard|found|meant|left)$/.test(
      own[1] as string,
    ) &&
    !/\b(again|anyway|myself|me)\b/.test(own[2] as string) &&
    !PAST_TIME.test(c)
  );
}

const THING_SUBJECT =
  "(?!(?:i|you|we|he|she|it|they|this|that|there|people|everyone|kids|children)\\b)[a-z0-9' -]{2,50}?";
const ALWAYS_IS = new RegExp(
  `^${THING_SUBJECT} (?:is|are) always (?:whole numbers|(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|half an?)(?: [a-z-]+)? (?:digits?|characters?|letters?|weeks?|days?|hours?|minutes?|months?|years?|pounds?|euros?|pence|people|players|places|seats|pages?|lines?|long|wide|old)|(?:the )?(?:first|last|second)(?: stop| stage| one| thing| in line| to [a-z]+)?[.!]*$|the one (?:that|who) [a-z]+s)\\b`,
);
const AT_ALL_TIMES =
  /^(?!(?:i|you|we|he|she|it|they)\b)[a-z0-9' -]{2,40}?s(?: (?:under|over|aged) [a-z0-9-]+)? (?!(?:is|are|was|were|has|have)\b)[a-z]{3,}\b[^,]{0,40} at all times\b/;
const FINAL_SAY = new RegExp(`^${THING_SUBJECT} (?:has|have) the (?:final|last) (?:say|word)\\b`);
/** "the little ones group finishes by six always": a practice in the present, insisted on at its end. */
const ALWAYS_LAST = new RegExp(
  `^${THING_SUBJECT} (?!(?:is|are|was|were|has|does)\\b)[a-z]{3,}s\\b[^,]{0,40} always[.!]*$`,
);

/** A class of the business's people or things, named in the plural: "learners", "groups of more than twelve". */
const PLURAL_CLASS =
  /^(?!(?:the |our |all )?(?:i|you|we|he|she|it|they|people|kids|children|parents|users|developers|devs|folks|guys|programmers|engineers|humans|mums|dads|teenagers|things)\b(?!'))(?:the |our |all )?((?:(?!(?:i|you|we|he|she|it|they|before|after|when|if|because|since|until|while|but|and|or|so)\b)[a-z0-9'-]+ ){0,3}(?!(?:is|was|has|does|says|this|his|its|yes|perhaps|always)\b)[a-z-]{2,}(?<!ss|us)s|staff)(?: (?:of|with|over|under|aged|on|in|from|who) [a-z0-9' -]{1,30}?)? (always|never) (?!(?:but|and|or|so|because|when|if)\b)([a-z-]+)\b(.*)$/;
/** Verbs that tell how people or things tend to behave (a habit, a complaint, a symptom), not what the business
 * has them do. */
const TENDENCY =
  /^(think|forget|remember|underestimate|overestimate|complain|moan|grumble|whinge|know|understand|believe|expect|want|like|love|hate|enjoy|seem|look|sound|feel|notice|read|listen|reply|answer|respond|bother|turn|show|arrive|come|ask|say|tell|argue|win|lose|break|crash|fail|jam|work|load|manage|agree|care|mind|try|learn|laugh|wait|panic|lie|cheat|fall|find|mess|struggle|miss|make|leave it|sell out|run|annoy|bug|irritate|behave|call|phone|text|email|surprise|amaze|impress|disappoint|confuse|mention|explain|stop|paste|type|click|tap|scroll|copy|misspell|spell)$/;

/** "drivers never carry more than eight parcels per trip": a class's standing practice in the present simple. */
function classHabitRule(c: string): boolean {
  const m = PLURAL_CLASS.exec(c);
  if (m === null) return false;
  const verb = m[3] as string;
  const rest = m[4] as string;
  // "drivers always get lost", "parents always think …", "volunteers never reply": a tendency, told or complained of.
  // "guest setters always work alongside a paid setter": who they work with is how the work is staffed.
  const staffed =
    /^work (alongside|in pairs|in teams|under|beside|next to|with (a|an|another|at least|two|one))\b/.test(
      `${verb}${rest}`,
    );
  if ((TENDENCY.test(verb.replace(/(?<=[^s])s$/, "")) && !staffed) || /[a-z]{3,}(ed|ing)$/.test(verb))
    return false;
  if (
    /^get (lost|confused|stuck|noisy|busy|cross|upset|annoyed|angry|bored|it wrong|mixed|lazy|late)\b|^end up\b/.test(
      `${verb}${rest}`,
    )
  )
    return false;
  return (
    !/\b(again|anyway|somehow|for some reason|me|us|my|mess|last minute|last moment|forever|ages|late)\b|, (so|which|and so|it's|that's|i|we)\b/.test(
      rest,
    ) &&
    !PAST_TIME.test(c) &&
    !TROUBLE.test(c)
  );
}

/** The speaker's own body: the club, the shop, the site. */
const BODY =
  "(?:app|gym|cafe|club|farm|hall|shop|site|team|co-op|group|bakery|center|centre|church|garden|league|office|school|studio|charity|kitchen|library|society|station|surgery|website|business|committee|association|food bank|pantry|larder|hub|workshop|museum|theatre|choir|band|trust|project|rescue|sanctuary|kennels?|stables?|yard|marina|boatyard)";
/** What that body always, never or only does. */
/** What that body will not do: "the co-op doesn't take parts back". */
const BODY_REFUSES = new RegExp(
  `^(the|our) ${BODY}( [a-z]+)? (doesn't|does not|won't|will not) (take|accept|sell|lend|hire|open|deliver|serve|refund|allow|book|collect|ship)\\b`,
);
const OWN_BODY = new RegExp(`^(?:the|our) ${BODY}(?: [a-z]+)? (?:never|always|only) ([a-z]{3,})s\\b`);

function bodyPolicy(c: string): boolean {
  const verb = OWN_BODY.exec(c)?.[1];
  return (
    verb !== undefined &&
    !/^(seem|look|sound|feel|get|load|run|crash|fail|break|work|take|struggle|lose|need|want|forget|end|find|hear|learn|notice|realise|realize|know|change|argue|complain|moan)$/.test(
      verb,
    ) &&
    !PAST_TIME.test(c) &&
    !TROUBLE.test(c) &&
    !/, (so|which|and so)\b/.test(c)
  );
}
