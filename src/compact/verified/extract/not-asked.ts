// What sounds like a rule but asks nothing of the work: advice of the world at large passed on without being
// taken up, how things stand now (a fact, a symptom, a burden complained about), the speaker's resolution for
// themself, a sigh that nobody should have to, and a duty laid on a pet or a god. Judged by clause shape (who
// is obliged, a modal or none, a time of now, a verdict after), not by phrases of any corpus. Pure.

import { isParty } from "./clause.ts";
import { bindsNobody } from "./not-binding.ts";

const MODAL =
  /\b(must|mustn't|should|shouldn't|shall|has to|have to|needs? to|may not|can't|cannot|never|always|don't|do not|only)\b/;

/** A source nobody on the work answers for: an indefinite one ("some blog", "every tutorial"), a proper name
 * (not "our" or "the" something), or wisdom in general. */
const WORLD_SOURCE =
  /^(?:(?:some|a|an|every|any|one|random|most|all)(?: [a-z'-]+){1,3}(?: out there)?|(?:conventional|common|received) wisdom|(?:the )?(?:internet|web)|[a-z][a-z'-]*(?: [a-z][a-z'-]*)?)$/;
/** "X says you should never …", "according to X, …", "X would say …": the source and the advice, generic "you". */
const ADVICE =
  /^(?:according to ([a-z' -]{2,40}?),|([a-z][a-z' -]{1,40}?) (says?|said|claims?|claimed|swears?|insists?|would say|used to say|told me|tells you|keeps saying)(?: that)?) (.+)$/;
/** A word that takes the advice up: "and i agree", "so don't …", "here". */
const TAKEN_UP =
  /\b((?:he|she|they|it) (?:was|were|is|are) right|i agree|we agree|agreed|and (?:that's|it's) (?:right|true)|so (?:don't|never|always|do|keep)|here)\b/;
/** A word that doubts it: "whatever that means", "supposedly". */
const DOUBTED = /\b(whatever that means|supposedly|apparently|allegedly|or so they say)\b/;

/** Advice of the world at large passed on ("a blog post claims you should never …") with no word taking it up. */
export function isOutsideAdvice(n: string): boolean {
  const m = ADVICE.exec(n);
  if (!m) return false;
  const source = (m[1] ?? m[2] ?? "").trim();
  // "we claim only when the item is sold": the speaker's own side makes the claim, it is no advice.
  if (/^(i|we|you|the|a|an|our|my|their|this|that|these|those)$/.test(source)) return false;
  const advice = m[4] as string;
  if (TAKEN_UP.test(advice) || !MODAL.test(advice)) return false;
  const indefinite = /^(?:some|a|an|every|any|random|most)\b/.test(source);
  if (
    indefinite ||
    DOUBTED.test(advice) ||
    /^(would say|used to say|claims?|claimed|swears?)$/.test(m[3] ?? "")
  )
    return true;
  // "the go proverbs", "every tutorial": a body of general wisdom; "legal", "the client", "our lead": a party.
  const wisdom = /\b(?:proverbs?|wisdom|tutorials?|blogs?|books?|internet|web)\b/.test(source);
  const ours = (/^(?:our|my|the|your|their) /.test(source) || isParty(source)) && !wisdom;
  const generic = /^you (?:should|must|shouldn't|mustn't|never|always|have to|need to|can't|cannot)\b/.test(
    advice,
  );
  return generic && !ours && WORLD_SOURCE.test(source.replace(/^the /, ""));
}

/** A time of now: what follows is how things stand, not how they must stay. */
const NOW =
  /^(?:at the moment|right now|currently|these days|nowadays|today(?=,? (?:the|every|each|all|our|nobody|no one|only) ))(?:,? )|\b(?:at the moment|right now|currently|anymore|any more|these days|nowadays)[.!]*$/;
/** A verdict on what was just said: "which is silly", "and it's a pain". */
const VERDICT =
  /,? (?:which is|and it's|and that's|and it is|which sucks|ugh)\b.*$|,? or it (?:stalls|breaks|dies|hangs|crashes|falls over)\b.*$/;
/** Someone unnamed or the speaker's team made to do something. */
const BURDENED =
  /^(?:someone|somebody|one|we|i|they|people|anyone|everyone|everybody)(?: (?:who|that) [^,]{2,60}?)? (?:still |always |really )?(?:has to|have to|must|need to|needs to)\b/;

/** How things stand now: "right now somebody has to copy them by hand, which is silly", "the app never calls v1
 * anymore", "today the last sync simply wins", "right now the table stores tokens and nothing else". A modal left after the time of now with no
 * verdict after it ("right now we must keep the api stable") still binds. */
export function describesNow(n: string): boolean {
  if (!NOW.test(n)) return false;
  const rest = n.replace(NOW, "").trim();
  // "right now we're wiring the feed", "change of scope: we're not doing it anymore": the work, not a state.
  if (/^(?:we're|i'm|we are|i am|i want|i'd|i need|let's|you)\b/.test(rest) || rest.includes(":"))
    return false;
  if (BURDENED.test(rest))
    return VERDICT.test(rest) || /^(?:someone|somebody|one|people|anyone|everyone|everybody)\b/.test(rest);
  const bare = rest.replace(VERDICT, "");
  return (
    !/\b(must|mustn't|should|shouldn't|shall|has to|have to|needs? to|may not|can't|cannot|don't|do not)\b/.test(
      bare,
    ) && !/^(?:never|always|only|no|keep|stay|leave|use|don't)\b/.test(bare)
  );
}

/** A symptom or a fact of behaviour in the present simple with no modal: "exports time out on big accounts",
 * "the wiki is on notion, not confluence", "users cheat by changing the clock". */
export function statesFact(n: string): boolean {
  if (
    /\b(must|mustn't|should|shouldn't|shall|has to|have to|needs? to|may not|can't|cannot|don't|do not|let's|we'll|i'll|prefer|mandatory|required|allowed|only)\b/.test(
      n,
    ) ||
    n.includes(",")
  )
    return (
      /^(?:the|our) [a-z0-9-]+(?: [a-z0-9-]+)? (?:is|runs|lives|sits)(?: on| in| at)? [a-z0-9.-]+(?: [a-z0-9.-]+)?, not [a-z0-9 .-]+$/.test(
        n,
      ) && !/\b(must|should|only|mandatory|required)\b/.test(n)
    );
  const m =
    /^((?:the |our |all |some |most |many )?(?:[a-z0-9-]+ ){0,2}[a-z0-9-]+) (?:times? out(?! after)|crash(?:es)?|fails?|breaks?|hangs?|gets? (?:stuck|slow|slower|flooded|swamped|overloaded)|go(?:es)? down|freezes?|leaks?|cheats?)\b/.exec(
      n,
    );
  return (
    m !== null &&
    !/^(?:a|an|the|our|some|most|many|all)$/.test(m[1] as string) &&
    !/\b(?:is|are|to|that|who|which|what|if|when|whenever|it|show|fixing|read|deal|fix|this)\b/.test(
      m[1] as string,
    )
  );
}

/** A thing's habit told with "never" or "always" and an active verb: "the launcher never reloads mods while it's
 * running", "their api always throttles at one a second", "it always fires during an eclipse". */
const HABIT =
  /^(?:(?:yes|yeah|ya|yep|no|nope|right|note|fyi|also|and|oh|ha|well|ok|okay)[,:!]?\s+)*(?:(the|his|her|their|its|this|that|it|he|she|they)\b(?:(?!\b(?:must|should|shall|has to|have to|needs? to|so|because|insists?|says?|said|wants?|asked|requires?|demands?)\b)[^,]){0,40}?) (?:still )?(?:never|always|only ever) (?!(?:is|has|was|does|needs|gets|stays|keeps|remains|wants|allows|lets|permits|accepts)\b)[a-z-]{3,}s\b(?! (?:below|above|under|over|past|beyond|more than|less than|longer than)\b)/;
/** What marks the habit as how things stand, not as a rule: a time of now, a third party's thing, or what it
 * leads to ("so people have to restart it", "which residents hate", "we can live with that"). */
const AS_THINGS_ARE =
  /\b(current|currently|existing|old|today|right now|at the moment|his|her|their|it's running)\b|^(?:[a-z]+[,:!]?\s+)*(it|he|she|they)\b|, (so(?! (please|pls|just|don't|do not|make sure|keep|use|pick|choose)\b)|which|and so|and then|that's|we can live|people have to|we have to|so people)\b| so (people|users|we|everyone|you) (have|has) to\b/;

/** A habit of a system or a person told as how things are: no rule, however its words read. */
export function describesHabit(n: string): boolean {
  return HABIT.test(n) && AS_THINGS_ARE.test(n);
}

/** The speaker's resolution or regret for themself: "i really must stop committing at 3am", "i should never
 * have volunteered". */
export function isOwnResolution(n: string): boolean {
  // "i need to ask legal", "we'll have to check with finance": the speaker's own errand, not a rule of the work.
  if (
    /^(i|we)( will| 'll|'ll)? (need|have|must|got|gotta) (to )?(ask|check with|talk to|consult|find out|confirm with|clear it with|run it by)\b/.test(
      n,
    )
  )
    return true;
  return /^(?:(?:honestly|also|and|ok|man|god),? )*i (?:really |seriously |just |totally )?(?:must|need to|have to|should|gotta|got to) (?:really )?(?:stop|quit)\b|^i (?:really )?should (?:really )?(?:never )?have\b/.test(
    n,
  );
}

/** A sigh that nobody should have to face something: "a horror show, nobody should have to maintain it". */
export function isSigh(n: string): boolean {
  return (
    /\b(?:nobody|no one|no human|no person|no sane person) (?:should|would want to) (?:ever )?have to\b/.test(
      n,
    ) && !/,? so\b/.test(n)
  );
}

/** A pet, a plant or a god obliged: a joke, however earnestly worded. */
const NOT_A_PARTY =
  /^(?:(?:my|our|the|office) )?(?:cat|dog|parrot|hamster|goldfish|rabbit|pet|plant)s? (?:must|has to|have to|should|needs? to|will)\b|\b(?:server|ci|deploy|release|build|code|demo|it|computer) gods\b|\b(?:under|at) (?:a|the) full moon\b|\bhamster wheel\b/;

/** True when a duty is laid on a pet, a plant or a god, or tied to the moon. */
export function obligesNoParty(n: string): boolean {
  // "dogs must be at least twelve weeks old to join any class": an animal the business serves, held to a bound.
  const served =
    /\b(at least|at most|no older|no younger|weeks old|months old|years old|vaccinated|on a lead|wormed|registered|\d)\b/;
  return NOT_A_PARTY.test(n) && MODAL.test(n) && !served.test(n);
}

/** A task left for when there is time ("if time allows, tidy the readme") or asked for once ("just this once for my
 * meeting, not part of the pipeline"): one step, no rule. */
export function isOptionalTask(n: string): boolean {
  return (
    /^(?:(?:and|also|then),? )?(?:if|when) (?:time allows|time permits|there's (?:still )?time|there is (?:still )?time|(?:we|you) have (?:the )?time|you get (?:the )?time|you get a chance)\b/.test(
      n,
    ) || /^(?:(?:just|only) )?(?:this once|one time only|as a one-off)\b/.test(n)
  );
}

/** True when the sentence sounds like a rule but asks nothing of the work (see the header). */
export function asksNothing(n: string): boolean {
  return (
    isOwnResolution(n) ||
    isSigh(n) ||
    obligesNoParty(n) ||
    describesNow(n) ||
    describesHabit(n) ||
    statesFact(n) ||
    bindsNobody(n)
  );
}
