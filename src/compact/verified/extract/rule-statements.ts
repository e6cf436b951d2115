// Rules said as plain statements rather than commands: limits ("at least 12 characters"), specs ("it should
// include the date"), polite or reported obligations ("i would kindly ask that …", "legal is strict that …"),
// present-tense instructions to "you", and how a class of things is kept ("the original file is never
// modified", "only the admin role sees …", "py3.12 only", "early lanes are for members only", "nothing shows until
// staff confirm it"). Inputs are normalized lowercase clauses.

import { PAST_TIME, TROUBLE } from "./clause.ts";
import { businessRule } from "./rule-business.ts";

export type StatedRule = { kind: "constraint"; cue: string };

/** An obligation stated, not commanded, or null. */
export function statedObligation(c: string): StatedRule | null {
  // "passwords at least 12 characters", "max 100 chars per line": a limit.
  if (
    /(^|\b)((max|min|maximum|minimum|at most|at least|no more than|no less than|up to|under|below|limited to|capped at|capped to) \d|\b(is|are) limited to\b|(max|min|maximum|minimum|at most|at least|no more than|no less than|limited to|capped at) (a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty|a hundred) [a-z])/.test(
      c,
    ) &&
    !/\b(takes?(?! (at most|at least|up to|no more than|max|min))|took|was|were|got)\b/.test(c)
  )
    return { kind: "constraint", cue: "limit" };
  // "throttle at one event per second max": a rate capped, said with the cap last.
  if (
    /\b(\d+|one|two|three|four|five|ten) [a-z]+ (per|a|an|every) [a-z]+ (max|maximum|tops|at most)\b/.test(c)
  )
    return { kind: "constraint", cue: "limit" };
  // "history limit 3", "retention is 7 years": a figure set for a limit, said without a verb.
  if (
    /^([a-z0-9_-]+ ){0,3}(limit|cap|retention|timeout|ttl|quota|budget|max|maximum|minimum)( is| of| =|:)? \d/.test(
      c,
    ) &&
    !/\b(was|were|hit|reached|exceeded|now|currently)\b/.test(c)
  )
    return { kind: "constraint", cue: "limit" };
  if (/\bonly allowed to\b|\ballowed only\b/.test(c)) return { kind: "constraint", cue: "only" };
  // "the cache never longer than 10 minutes": a limit said without a verb.
  if (
    /\bnever (longer|more|bigger|larger|higher|shorter|less|fewer|older|slower) than (\d|a |an |one |two |ten )/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "limit" };
  // "the i2c bus can only run at 100 khz": a limit of what a thing may do.
  if (
    /\b(can|may) only [a-z]+/.test(c) &&
    !/\b(i|you|we) can only (guess|hope|imagine|assume|say|think|wonder|laugh|cry|pray|dream)\b/.test(c)
  )
    return { kind: "constraint", cue: "only" };
  // "dropping saves is never acceptable", "losing messages is not fine": an act named by its gerund, ruled out.
  if (
    /^([a-z]+ing)( [a-z0-9'-]+){1,4} (is|are) (never|not|n't|in no case) (acceptable|ok|okay|fine|allowed|an option|tolerated|permitted)[.!]*$/.test(
      c,
    ) &&
    !/^(nothing|something|everything|anything|morning|evening|string|thing|ceiling|building|setting|spring)$/.test(
      c.split(" ")[0] as string,
    )
  )
    return { kind: "constraint", cue: "prohibition" };
  // "our agency's rule is that every query goes through prepare": a rule named as such.
  if (
    /^((our|the|my|their) ([a-z' -]{1,30} )?|[a-z]+'s )(rule|policy|convention|standard|wording|requirement|condition|line|ruling|decision|position) is (that [a-z]|no |never |always |only |first come|first-come|(one|two|three|four|five|\d+|a|an) [a-z0-9 -]{1,30} (per|a|each|every) [a-z])/.test(
      c,
    ) &&
    // "our policy is that the van only breaks down on wedding days": a joke dressed as a policy.
    !/\b(breaks? down|crash(es)?|goes wrong|go wrong|rains?|always late|never on time)\b/.test(c)
  )
    return { kind: "constraint", cue: "passed on" };
  // "we have a rule that nobody does more than two shifts", "the club has a policy that …", "there's a rule that …".
  if (
    /^((we|i|the [a-z' -]{2,30}|our [a-z' -]{2,30}) (have|has)|there's|there is) (a|one|an old|a strict|a firm|a house|a standing|a club|a simple) (rule|policy|convention|agreement) (that|:) ?[a-z]/.test(
      c,
    ) &&
    !PAST_TIME.test(c)
  )
    return { kind: "constraint", cue: "passed on" };
  // "our rule is nobody does more than two shifts": the rule named, then said without "that".
  if (
    /^(our|the|my|their) ([a-z' -]{1,30} )?(rule|policy) is (nobody|no one|everyone|every|each|all|we|you) [a-z]/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "passed on" };
  // "make dry-run the default": what happens unless asked otherwise.
  if (/^make [a-z0-9 ._-]{1,30} the default\b/.test(c)) return { kind: "constraint", cue: "default" };
  // "the speed limit is not to be raised in software": what may (not) be done to a thing, said with "be to".
  if (
    /\b(is|are) (never |not |always )?to be (?!(expected|seen|continued|decided|determined|confirmed|announced)\b)[a-z]+(ed|en|wn)\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: /\b(never|not) to be\b/.test(c) ? "prohibition" : "obligation" };
  // "without a valid id, the normal rate applies": a case named up front and the treatment that holds in it.
  if (
    /^(without|with|for|in case of|outside|inside|above|below|over|under) [^,]{2,40}, [^,]{3,60}\b(applies|apply|holds|is used|are used|takes precedence|take precedence|kicks in|kick in)\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "condition" };
  // "zero downtime", "0 data loss": a terse requirement that none of a thing is allowed.
  if (/^(zero|0) [a-z-]{3,}( [a-z-]{3,})?([.!]*$| (for|during|in|on) [a-z ]{2,30}(,|[.!]*$))/.test(c))
    return { kind: "constraint", cue: "no" };
  // "test with nvda and voiceover before you say it's done": a check the work must pass to count as finished.
  if (
    /\bbefore (you|we|i) (call|say|mark|consider|declare|report|claim|tell me)\b.{0,16}\b(done|finished|fixed|ready|complete|works)\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "condition" };
  // "it should include the date", "the endpoint should accept the old body": how a thing is to be.
  if (
    /^(it|this|the [a-z0-9 _-]{1,30}|[a-z0-9_-]+s|(?!(i|we|you|he|she|they|someone|somebody|one|who|which|what|that)\b)[a-z0-9_-]{2,}) should(n't| not)? (always |never |only |also )?[a-z]+\b/.test(
      c,
    ) &&
    !/^(it|this|that) should (be|work|help|do|fix)\b/.test(c)
  )
    return { kind: "constraint", cue: "obligation" };
  // "i would kindly ask that the log is append-only": a polite obligation.
  if (/^(i|we)( would|'d)( kindly| like to| really)? ask (that|you to|you not to)\b/.test(c))
    return { kind: "constraint", cue: "obligation" };
  // "our legal team is strict that no emails leave our servers".
  if (/\b(is|are) (strict|firm|clear|very clear|adamant) (that|about)\b/.test(c))
    return { kind: "constraint", cue: "required" };
  // "you don't change the column names": an instruction to the assistant in the present tense.
  if (
    /^you (don't|do not|never|must not|mustn't|shouldn't|should not) [a-z]/.test(c) &&
    !/^you (don't|do not) (need|have|know|mind|worry|think)\b/.test(c)
  )
    return { kind: "constraint", cue: "prohibition" };
  return null;
}

/** A rule stated of a thing or a class of things, or null. The caller has ruled out personal subjects. */
export function classStatement(c: string): StatedRule | null {
  // "the original file is never modified", "the old page keeps working": how a thing is kept, of any subject;
  // "half the paddles are never put back" complains of some of them.
  if (
    !/^(half|most|some|many|a lot|lots|none|few)\b/.test(c) &&
    /\b(is|are|gets?) (never|always) ((?!(broken|stolen|forgotten|frozen|mistaken|rotten|fallen|beaten|soaked|flooded|jammed|delayed|overbooked|packed|rammed)(\s+(when|again|anyway|now|on)\b|[.!,]|$))[a-z]+(ed|en)|lent|sent|kept|sold|left|put|paid|held|reset|set|cut|shut|let|split|lit|swept|told|shown)\b|\b(keeps?|continues? to|stays?) (working|work|running|run|available|compatible)\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "state" };
  // "the butt near the shed never gets chemicals, only brush and water": all that a thing may get.
  if (/\bnever gets? [a-z' -]{2,30}, only [a-z]/.test(c) && !TROUBLE.test(c))
    return { kind: "constraint", cue: "only" };
  // "it's cash only", "it's members only on sundays": the one way allowed, said of the case at hand.
  if (/^(it's|it is|its) [a-z0-9' -]{2,25} only\b/.test(c) && !TROUBLE.test(c))
    return { kind: "constraint", cue: "only" };
  // "clients only ever send inputs": all a class of things may do.
  if (
    /^(the |our |all )?[a-z0-9_'-]+( [a-z0-9_'-]+){0,2} ((is|are) )?only ever [a-z]+\b/.test(c) &&
    !TROUBLE.test(c) &&
    !/^the (old|previous|last)\b/.test(c)
  )
    return { kind: "constraint", cue: "only" };
  // "only the admin role sees the billing page", "every error message ends with a link": a rule of a class.
  if (/^only (the |our |a )?[a-z0-9_ -]{1,30} [a-z]+s\b/.test(c)) return { kind: "constraint", cue: "only" };
  // "only captain and vice-captain can use the switch": who alone may do a thing.
  if (
    /^only (the |our |a )?[a-z0-9_' -]{1,60} (can|may|should|must|are allowed to|is allowed to|get to|gets to) [a-z]+/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "only" };
  // "the big hall is never available on mondays": when a thing is always or never open.
  if (
    /\b(is|are) (never|always) (available|open|closed|bookable|allowed|free to book|visible|shown|editable|public|private)\b/.test(
      c,
    ) &&
    !TROUBLE.test(c)
  )
    return { kind: "constraint", cue: "state" };
  // "the sauna is shut every first monday", "the times always 24 hours": when a thing is shut, or a figure for good.
  if (
    /\b(is|are) (shut|closed|unavailable) (every|each|on (every|each|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends|bank holidays))\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "state" };
  if (/^(the |all |our )?[a-z0-9_-]+( [a-z0-9_-]+){0,2} (always|never) \d+ [a-z]+/.test(c))
    return { kind: "constraint", cue: "state" };
  // "photos required for anything marked torn", "we're only licensed to show them on screen": what every case needs,
  // and all the team may do.
  if (
    /^[a-z0-9' ]{2,40} (required|mandatory|compulsory) (for|on|with) (any|anything|every|everything|all)\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "required" };
  if (/\b(are|is|'re|'s|am|'m) only (licensed|allowed|permitted|authori[sz]ed|cleared|insured) to\b/.test(c))
    return { kind: "constraint", cue: "only" };
  // "the late bar is only available on fridays": when or to whom alone a thing is open.
  if (
    /\b(is|are) only (available|open|allowed|possible|valid|bookable|visible|shown|offered|sold|accepted|for|given|issued|paid|sent|made)\b|\b(is|are) only [a-z]{3,}(ed|en) (to|for|on|at|in|by|with|from|after|before|when|once)\b|\b(is|are) only (lent|sent|sold|kept|held|let|hired out) (to|for|on|at|in|by|with|from|after|before|when|once)\b|\bonly (lets|allows|permits)\b|\b(is|are) (valid|available|open|bookable|visible) only\b/.test(
      c,
    ) &&
    !TROUBLE.test(c) &&
    // "the current booking page only lets you pick one lesson": how the software is today.
    !/\b(current|currently|at the moment|right now|today|still)\b/.test(c)
  )
    return { kind: "constraint", cue: "only" };
  // "refill bins are topped up from sealed sacks only", "hay … goes to the cattle only": what alone a thing gets.
  if (
    /^(?!(i|you|we|he|she|it|they|this|that)\b)[a-z0-9' -]{2,60}? ((is|are) [a-z]{3,}(ed|en)( up| out| off| down)?|goes|go) (to|from|with|by|in|on|at|for) [a-z0-9' -]{2,50} only[.!]*$/.test(
      c,
    ) &&
    !TROUBLE.test(c)
  )
    return { kind: "constraint", cue: "only" };
  // "dry goods are priced per 100 grams on every label", "payment is due before the first lesson": how a thing is
  // priced or when it falls due.
  if (
    /\b(is|are) (priced|charged|billed|sold|counted|measured|weighed) (per|by the|to the nearest)\b|\b(is|are) (due|payable) (before|on|by|within|no later than|at the start of|at the end of)\b/.test(
      c,
    ) &&
    !PAST_TIME.test(c) &&
    // "the tax return is due on monday": a deadline of one piece of work.
    !/\bdue (on|by|before|at) (monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|next|this|the end of (the|this) (day|week))\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "state" };
  // "early lanes are for season ticket holders only", "the standpipe is reserved for the tunnels": who or what alone
  // a thing serves.
  if (/\b(is|are) (for [a-z0-9' ,-]{2,40} only|reserved for)\b/.test(c) && !TROUBLE.test(c))
    return { kind: "constraint", cue: "only" };
  // "tickets non-transferable", "deposits are non-refundable once …": what may never be done with a thing.
  if (/\bnon-?(transferable|refundable|returnable|exchangeable|cancellable)\b/.test(c))
    return { kind: "constraint", cue: "state" };
  // "nothing shows publicly until staff confirm it", "nobody leaves before the register is signed": what waits for
  // a case; "nothing loads until i refresh" is a symptom.
  if (
    /(^|, )(nothing|nobody|no one|no [a-z]+) [a-z]+(\s[^,]{0,50})? (until|unless|without|before) [a-z]/.test(
      c,
    ) &&
    !/(^|, )[a-z]+( one)? (works|happens|loads|renders|responds|moves|changes|helps|appears|updates|was|were|did|had)\b/.test(
      c,
    ) &&
    !/\b(until|unless|before) (i|we|you) (refresh|reload|restart|click|scroll|wait|tap|log|clear|open|close)/.test(
      c,
    ) &&
    !TROUBLE.test(c)
  )
    return { kind: "constraint", cue: "no" };
  // "christmas day always closed", "clearance items are always free", "prices always shown including vat": what a
  // thing of the business always or never is.
  if (
    /^(?!(i|you|we|he|she|it|they|this|that|my|his|her|mum|dad)\b)[a-z0-9' -]{2,40}? ((is|are) (always|never) (free|closed|shut|open|included|excluded|ex vat|inc vat|including vat|excluding vat|ours|private|public|mandatory|optional|final|anonymous|non-[a-z]+|shown|displayed|listed|printed|sent|kept|stored|rounded|charged|paid|billed|quoted|given|counted|written|signed|checked|logged)|(always|never) (free|closed|shut|open|included|excluded|shown|written|given|abbreviated|shortened|truncated|translated))\b/.test(
      c,
    ) &&
    !/\b(we|i|they|he|she)\b/.test(c.split(/ (always|never) /)[0] as string) &&
    !/\b(apparently|supposedly|allegedly)\b/.test(c) &&
    !PAST_TIME.test(c) &&
    !TROUBLE.test(c)
  )
    return { kind: "constraint", cue: "state" };
  const business = businessRule(c);
  if (business) return business;
  // "anyone with a late-shift note can book the held slots early": who may, by what they have.
  if (
    /^(anyone|anybody|everyone|members|staff) (with|who|on|holding|over|under) [^,]{2,50}? can [a-z]{3,}\b/.test(
      c,
    ) &&
    !TROUBLE.test(c)
  )
    return { kind: "constraint", cue: "only" };
  // "coaches aren't paired with their own children": who is never put together.
  if (
    /\b(aren't|are not|isn't|is not) (paired|assigned|rostered|booked|scheduled|placed|matched|seated) (with|on|in|together)\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "state" };
  // "entries are permanent once saved", "scores are final after the match": what a thing becomes for good.
  if (
    /\b(is|are) (permanent|final|locked|read-only|frozen|fixed) (once|after|when|from)\b/.test(c) &&
    !TROUBLE.test(c)
  )
    return { kind: "constraint", cue: "state" };
  // "always the dates in format day-month-year": a rule said without a verb, opening with its "always".
  if (
    /^(?!.*\b(story|same|typical)\b)(always|never) ((in|as|at|on|with|from) |the [a-z]+( [a-z]+)? (in|as|at|on|with|from) )[a-z0-9]/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "state" };
  // "families who did teas last fortnight are skipped when filling in": who a case leaves out ("… when i import" is a
  // symptom).
  if (
    /\b(is|are) (skipped|excluded|left out|ignored|removed|hidden|greyed out) (when|whenever|if|unless|from)\b/.test(
      c,
    ) &&
    !/\b(when|whenever|if) (i|we|you)\b/.test(c) &&
    !TROUBLE.test(c)
  )
    return { kind: "constraint", cue: "state" };
  // "the vendor only accepts gzipped json": what a thing allows.
  if (
    /^(the |our |a |an )?[a-z0-9_'-]+( [a-z0-9_'-]+){0,2} only (accepts?|supports?|allows?|runs?|takes?|speaks?|reads?|handles?|works? with|appears?|applies|apply)\b/.test(
      c,
    ) &&
    !TROUBLE.test(c)
  )
    return { kind: "constraint", cue: "only" };
  if (
    /^(every|each|any) [a-z0-9_-]+( [a-z0-9_-]+){0,2} [a-z]+s\b/.test(c) &&
    !/\b(passe|fail|work|succeed|break|crashe|look|drain|cost|take|count|matter|help|hurt|think|believe|reckon|deserve|love|hate|want|wishe|complain|moan)s\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "state" };
  // "the text version always ships with the html one": how a thing always or never behaves, unless the verb
  // reports a symptom ("the build always fails on mondays").
  if (
    /^(the |our |all |every |each |new )?[a-z0-9_.'-]+( [a-z0-9_.'-]+){0,3} (always|never) [a-z]+s\b/.test(
      c,
    ) &&
    !/\b(always|never) (fails?|breaks?|crash(es)?|times?|hangs?|works?|pass(es)?|flakes?|seems?|looks?|gets?|takes?|happens?|shows?|comes?|complains?|warns?|errors?|throws?|says?|reports?|dies|die|stalls?|lags?|slows?|freezes?|loses?|forgets?|miss(es)?|behaves?|acts?|loads?|opens?|responds?|syncs?|updates?|renders?|connects?|prints?|scans?|listen|answer|care|read|learn|bother|stop|changes?)\b/.test(
      c,
    ) &&
    // "friday nights are always chaos": what a thing is like, said with "to be".
    !/ (is|are|was|were|'s|'re) (always|never) /.test(c)
  )
    return { kind: "constraint", cue: "state" };
  // "the dates always in format dd.mm.yyyy": a verbless rule of a class.
  if (
    !/^(the |our )?(staff|users|customers|people|members|drivers|riders|guests|visitors|volunteers|parents|kids|children|students|patients|players|workers) (are|is) /.test(
      c,
    ) &&
    /^((the |all |our )?[a-z0-9_-]+( [a-z0-9_-]+){0,2}|(any|every|each) [a-z0-9_' -]{2,40}? (is|are)) (always|never) (in|as|on|at|under|with|from|via|through)\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "state" };
  const verbless = verblessRule(c);
  if (verbless) return verbless;
  // "py3.12 only", "Postgres 15 only": a verbless restriction.
  if (
    /^[a-z0-9][a-z0-9 .+_/-]{0,30} only[.!]*$/.test(c) &&
    !/^(me|you|us|him|her|them|it|this|that|once|one)\b/.test(c)
  )
    return { kind: "constraint", cue: "only" };
  return null;
}

/** A rule said without a verb: "the docker push only from main", "a version field in every file", "nothing that
 * loads all of them into memory", "nothing tagged keep, ever". */
function verblessRule(c: string): StatedRule | null {
  if (TROUBLE.test(c)) return null;
  const thing = "(the |our |all |a |an |one )?[a-z0-9_.-]+( [a-z0-9_.-]+){0,2}";
  if (
    // "deploys happen only in the maintenance window": the only place or time a thing may happen.
    new RegExp(
      `^${thing}( happens?)? only (from|on|in|via|through|at|by|after|inside|within|over|behind|during|with) [a-z0-9-]`,
    ).test(c)
  )
    return { kind: "constraint", cue: "only" };
  // "a page number on every page": one thing put on each of a class.
  if (/^(a|an|one) [a-z0-9_.-]+( [a-z0-9_.-]+){0,2} (in|on|for|per|with|under) (every|each) [a-z]/.test(c))
    return { kind: "constraint", cue: "state" };
  // "nothing allocates on the audio thread": what no part of the system may do.
  if (
    /^(nothing|no code|no component|no module|no service) (?!(works|happens|changed|changes|shows|loads|helps|fits|matches|seems|looks|appears|renders|prints|breaks|fails|runs|starts|responds|comes|goes|gets|is|was|has|makes|beats)\b)[a-z]{3,}s\b/.test(
      c,
    )
  )
    return { kind: "constraint", cue: "no" };
  // "entries expire after 30 days": how long a class of things lasts, as the system must keep it. Only verbs of a
  // thing's life end it ("the upload stalls after 5 min" is a symptom).
  if (
    /^(the |our |all |new |old )?[a-z0-9_-]+( [a-z0-9_-]+){0,2} (expires?|rotates?|archives?|purges?|resets?|locks?|renews?|refresh(es)?|invalidates?|closes?|auto-?(closes?|deletes?|expires?)|(are|is|get|gets) (deleted|archived|purged|removed|rotated|locked|anonymi[sz]ed|closed|dropped)) (after|within) (\d+|one|a|an|two|three|five|ten|fifteen|thirty|sixty|ninety) ?(seconds?|secs?|minutes?|mins?|hours?|days?|weeks?|months?|years?|s|m|h|d)\b/.test(
      c,
    ) &&
    !/\b(now|currently|today|yesterday|sometimes|randomly|suddenly)\b/.test(c)
  )
    return { kind: "constraint", cue: "state" };
  // "nothing that loads all rows", "nothing tagged 'keep', ever": a kind of thing ruled out.
  if (
    /^(nothing|none) (that|which) [a-z]+s\b/.test(c) ||
    // "no worries at all", "no problem at all": a courtesy.
    (!/^no (worries|problem|problems|rush|hurry|idea|clue|offence|offense|bother)\b/.test(c) &&
      /^(nothing|none|no [a-z0-9_-]+) ([^,]{0,40}[, ]+)?(ever|anywhere|at all|under any circumstances)\b/.test(
        c,
      ) &&
      // "nothing about this platform is ever simple": a sigh, not a rule.
      !/\b(is|are|was|feels?|seems?) ever (simple|easy|fun|straightforward|quick|clean|nice|good|painless|smooth)\b/.test(
        c,
      ) &&
      // "no dominoes player has ever paid on time": what has happened so far, not a rule.
      !/\b(has|have) ever [a-z]{3,}\b/.test(c))
  )
    return { kind: "constraint", cue: "no" };
  return null;
}

/** "that's its own alarm", "it counts as a failure": the main clause of a condition gives the case its handling. */
export function classifiesCase(c: string): boolean {
  return /^(that's|that is|it's|it is|this is|that counts as|it counts as|treat (it|that|them) as) (its own|their own|a separate|an? (separate |own )?(alarm|alert|error|failure|breach|incident|warning|case|event|ticket|page))\b/.test(
    c,
  );
}

/** "colours only when stdout is a tty", "dry-run unless --apply is given": a thing allowed or done only under a
 * condition, said without a verb; not a fault that shows up only then. */
export function allowedOnlyWhen(c: string): StatedRule | null {
  const m =
    /^([a-z0-9][a-z0-9'-]*(?: [a-z0-9'-]+){0,2}) (?:only (?:when|if|while|during|after|before|unless)|unless) [a-z0-9-]/.exec(
      c,
    );
  if (!m) return null;
  const head = m[1] as string;
  if (
    /\b(is|are|was|were|it|this|that|happens|fails|breaks|works|runs|shows|crashes|appears|occurs|helps)$/.test(
      head,
    )
  )
    return null;
  if (
    /^(it|this|that|he|she|they|i|we|you|which|what)\b/.test(head) ||
    TROUBLE.test(c) ||
    /\b(freeze|hang)\b/.test(c)
  )
    return null;
  return { kind: "constraint", cue: "only" };
}
