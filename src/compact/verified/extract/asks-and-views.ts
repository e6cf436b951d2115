// How a sentence asks, beyond its words of rule or choice (rounds fifty-one to fifty-four, issue 28): work asked of
// us politely or passed on ("our librarian has asked if we could track …", "I wondered if we could build …"), a way
// to keep asked politely ("I'd be grateful if you kept the colour scheme"), the assistant's own view asked for ("would
// you pick the grid if it were your club?"), an order about a thing of the past ("delete the reading from
// yesterday"), and a list item that tells one way over another. Inputs are normalized lowercase sentences. Pure.

import { isImperative, weighsAloud } from "./clause.ts";
import { LIST_ITEM, normalizeSentence } from "./sentences.ts";

/** "our choir's librarian has asked if we could track which scores need repair", "and i wondered if we could build a
 * swap feature": work asked of us now (not "one day" or "but not now"). */
export function asksWorkPolitely(bare: string): boolean {
  return (
    /^(the|our|my) [a-z' -]{2,40} (has |have )?(asked|asks) (if|whether) (we|you) (could|can) [a-z]{3,} |\b(i|we) wondered (if|whether) (we|you) (could|might|can) (build|add|make|set up|create|have|get|track|show|send|put|move|turn|let) [a-z]/.test(
      bare,
    ) && !/\b(one day|once|someday|but|not (now|yet|part))\b/.test(bare)
  );
}

/** "i'd also be grateful if you kept the existing colour scheme": a way to keep, asked politely. */
export function keepsWayPolitely(bare: string): boolean {
  return /^(i|we)('d| would)( also)? be [a-z ]{0,12}(grateful|glad|happy) if you (kept|left|stuck with|didn't|did not|avoided)\b/.test(
    bare,
  );
}

/** "can we make them wear hi-vis, or is that overkill?", "would you pick the grid if it were your club?": a thought
 * weighed aloud or the assistant's own view asked for. */
export function asksAssistantsView(bare: string): boolean {
  return (
    weighsAloud(bare) ||
    /^would you (pick|choose|go with|use|prefer|do)\b.*\bif (it|you) (were|was)\b/.test(bare)
  );
}

/** "delete the duplicate reading from yesterday": an order about a thing of the past asks for work now; "remember
 * …", "back in 2019 …" or an order told with a story are not. */
export function ordersAboutPast(bare: string): boolean {
  return (
    isImperative(bare) &&
    !/^(remember|recall|note|notice|imagine|look|back|right|let's|lets|[a-z]+ of)\b/.test(bare) &&
    !/\b(i|we) (remember|had|lost|used|tried)\b/.test(bare)
  );
}

/** "- use the club email as sender, not mine": in a list of asks, one way told over another keeps a way like the
 * items around it. */
export function listedWay(text: string, listed: boolean): boolean {
  const asked = normalizeSentence(text).replace(/^please /, "");
  return (
    (listed || LIST_ITEM.test(text)) &&
    /^(use|put|show|send|print|list|store|sort|group|email|text|make) [^,]+, not /.test(asked)
  );
}
