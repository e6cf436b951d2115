// What the assistant proposes and the replies that take it: a way suggested ("I'd wait one frame after the
// load.", "Streaming would let it run at 512 MB."), a plan of work ("I'll set catchup=False and retries=3."),
// either one perhaps followed by "Does that work?"; then "do that", "yup", "good idea" or "do the streaming
// then" takes it. A look around ("I'll check the logs") proposes nothing. After a finding ("the watcher never
// stops because …"), "pass the context down then" orders the way. Pure; replies lowercase.

import { echoes } from "./answers.ts";
import { looksImperative } from "./clause.ts";

/** A sentence that suggests a way ("I can dedupe with a request cache.", "Batching would help a lot.", "I'd wait
 * one FixedUpdate.", "I'd suggest keeping the old data."). */
const SUGGESTS =
  /\b(would|could) (help|let|make|cut|save|fix|speed|reduce|avoid|halve|work|be (better|faster|safer|simpler|cleaner|cheaper|enough|easier))\b|\b(i|we|they|you) (can|could) (?!(see|not|confirm|reproduce|find|tell|also|be|do|try|ask|check|look)\b)[a-z]+\b|\b(i'd|i would) (suggest|recommend|propose|go with)\b|\b(one|another|an) option (is|would be)\b|\bi (suggest|propose|recommend)\b|\bi can either\b|(^|[:;,]\s+)i'd (?!(like|love|need|be|have|say|guess|think|want|rather know|check|look|ask)\b)[a-z]+ [^.?!]{3,}/;
/** A sentence that announces work of the assistant's own, not a look around ("I'll set catchup=False."). */
const PLANS_WORK =
  /^((so|then|ok|okay|alright|next),? )?(i'll|i will|i'm going to|i am going to) (?!(look|check|read|run|rerun|profile|investigate|try|test|see|dig|review|start|search|debug|reproduce|inspect|examine|take|get|find|ask|wait|let|report|keep|go|continue|be|need|have|do some|write up|summari[sz]e|explain|show|open|poke|grep|trace)\b)[a-z]+/;
/** A question that only asks whether the proposal before it suits ("Does that work?", "Sound good?"). */
const ASKS_IF_SUITS =
  /^(does (that|this) (work|sound (good|ok|okay|right))( for you)?|sounds? (good|ok|okay|right)|ok|okay|all ?right|is that (ok|okay|fine|alright|all right)|shall i( go ahead| proceed)?|want me to (go ahead|proceed|do (that|it))|should i (go ahead|proceed))\?$/;

/** The assistant's last sentences without a closing "Does that work?", or null when it asks anything else. */
function proposalTail(prev: string): string[] | null {
  const sentences = prev
    .slice(-400)
    .trim()
    .split(/(?<=[.!?])\s+(?=\S)/);
  const last = sentences.at(-1) ?? "";
  if (!last.endsWith("?")) return sentences.slice(-2);
  return ASKS_IF_SUITS.test(last.toLowerCase()) ? sentences.slice(-3, -1) : null;
}

/** The sentence of the assistant's last two that suggests a way, or null. */
export function suggestionIn(prev: string): string | null {
  return (
    proposalTail(prev)
      ?.filter((t) => SUGGESTS.test(t.toLowerCase()))
      .at(-1) ?? null
  );
}

/** The way the assistant proposes to take: a suggestion, or a plan of work it asks approval for ("I'll poll the
 * calendar every 10 minutes. Sound good?"). A plan merely announced is carried on with, not chosen. */
export function proposalIn(prev: string): string | null {
  const suggested = suggestionIn(prev);
  if (suggested !== null || !prev.trim().endsWith("?")) return suggested;
  const plan = proposalTail(prev)?.at(-1);
  return plan !== undefined && PLANS_WORK.test(plan.toLowerCase()) ? plan : null;
}

/** "do that", "good idea", "oh, that would be ideal, thank you": a go-ahead that names nothing itself (a bare "yes"
 * to a suggestion acknowledges as often as it picks). */
const GO_AHEAD =
  /^((oh|ok|okay|yes|yeah|yep|sure|great|nice|good|right|alright),? )*(please )?((do|go with|let's do|lets do) (that|it|this)|go (ahead|for it)|please do|sounds (good|great)|(good|great) idea|that (would be|sounds|is) (ideal|great|perfect|good)|that works|works for me)( then| please)?(,? (thank you|thanks)( so much)?)?[.!]*$/;

/** A go-ahead that names nothing, so a pick kept with it must also keep what it takes. */
export function isGoAhead(n: string): boolean {
  return GO_AHEAD.test(n.replace(/[.!]+$/, ""));
}

/** "do the streaming then", "yes please do batch", "yup" after the assistant suggested a way or announced its plan:
 * the way taken. A go-ahead to an offer of more work ("want me to …?") is a request, read elsewhere. */
export function takesSuggestion(n: string, prev: string): boolean {
  if (n.endsWith("?")) return false;
  const head = (n.split(/, but |\. |; /)[0] as string).replace(/[.!]+$/, "");
  if (head.split(" ").length > 8) return false;
  if (isGoAhead(head) && proposalIn(prev) !== null) return true;
  const last = suggestionIn(prev)?.toLowerCase();
  if (last === undefined) return false;
  // "do the streaming then", "yes please do batch", "remote catalog yes": the way named, echoing the suggestion.
  const named =
    /^((yes|yeah|yep|sure|ok|okay),? )?(please )?(do|use|go with|take) (the )?(.+?)( then)?$/.exec(
      head,
    )?.[6] ?? /^(.+?),? (yes|yeah|yep)( please)?$/.exec(head)?.[1];
  return named !== undefined && echoes(named, last);
}

/** The assistant's closing words report what it found ("Found it: the watcher never stops because it uses
 * context.Background().", "The dump shows a use-after-free in ScannerSession."). */
const FINDS =
  /\b(because|found (it|the)|the (cause|culprit|problem|issue|bug) (is|was)|root cause|turns out|shows|means|that's why|is why|never (stops|closes|returns|finishes|exits)|leaks?)\b/;
/** Verbs that move the work on rather than say how it is done ("run it again then"). */
const MOVES_ON =
  /^(run|rerun|show|check|look|tell|commit|push|try|test|deploy|open|send|explain|continue|proceed|go|keep going|merge|ship|do|start|write|add|fix|debug|investigate|find|give|let|read|print|list|post|revert|undo|stop)\b/;
/** "aha", "makes sense", "right": the finding acknowledged before the way is ordered. */
const TAKES_FINDING =
  /^((aha|ah|oh|right|ok|okay|i see|makes sense|good catch|nice catch|that explains it)[,.!]* )+/;

/** "aha. pass the reconcile context down then", "makes sense, queue the signal to the GUI thread then": after the
 * assistant reports what it found, an order that says how to fix it, marked by "then" or by the finding taken in,
 * chooses the way. */
export function ordersWayAfterFinding(n: string, prev: string): boolean {
  const tail = prev.slice(-400).trim().toLowerCase();
  if (tail.endsWith("?") || !FINDS.test(tail)) return false;
  const marked = TAKES_FINDING.test(n) || / then[.!]*$/.test(n);
  const order = n
    .replace(TAKES_FINDING, "")
    .replace(/[.!]+$/, "")
    .replace(/ then$/, "");
  if (!marked || MOVES_ON.test(order) || order.split(" ").length > 12 || order.endsWith("?")) return false;
  return looksImperative(order);
}
