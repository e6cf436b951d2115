// Classifies one user sentence: a constraint or preference (cue word or imperative rule), a decision, an
// acknowledgement, or a hard negative that only looks like a rule (question, hypothetical, quoted text,
// remark about oneself or the world, epistemic "must/should"). Pure and word-based; no model.
import { normalizeSentence, type Sentence } from "./sentences.ts";

export type SentenceClass =
  | { kind: "constraint" | "preference"; cue: string }
  | { kind: "decision"; marker: string }
  | { kind: "ack" }
  | { kind: "negative"; why: "question" | "hypothetical" | "quoted" | "remark" }
  | { kind: "plain" };

const ACK =
  /^(?:(?:hi|hello|hey|yo|morning|good (?:morning|afternoon|evening|night)|thanks?|thank you|thx|ty|cheers|great|nice|cool|perfect|awesome|excellent|brilliant|amazing|good|fine|good job|great job|nice work|great work|well done|looks (?:good|great|fine|right)|lgtm|sounds (?:good|great|right)|ok|okay|k|sure|yes|yeah|yep|yup|right|exactly|correct|agreed|no|nope|got it|understood|noted|makes sense|that works|works for me|carry on|continue|go on|go ahead|keep going|proceed|next|done|ship it|do it|alright|all right|so much|a lot|to me|now|then|please|again|there|team|buddy|mate|for that|for this|for the (?:help|fix|update)|keep it up|that's (?:it|great|perfect|fine|all)|this is (?:great|perfect|fine)|never ?mind|no worries|no problem|np|all good|always a pleasure|my pleasure|anytime|keep (?:me|us) (?:posted|updated|informed|in the loop))[\s,.!:;)(-]*)+$/;

const HYPOTHETICAL =
  /^(what if|if (we|i|you|they|someone)( ever)? (had|were|was|wanted|needed|decided|went|switched|could|did)\b|suppose|supposing|imagine|hypothetically|in theory|theoretically|say we|let's say|lets say|assuming|in a world|would it|i wonder|wondering|one day|someday|in an ideal world|if only|were we to|had we)\b|\b(hypothetically|in theory|thinking out loud|out of curiosity|just curious|for the sake of argument|purely hypothetical)\b/;

const POLITE_RULE =
  /^(can|could|will) you (please )?(always|never|not|make sure|ensure|stop|remember to|be sure|please)\b|^would you (please|kindly|mind)\b/;

const DECISION: [RegExp, string][] = [
  [/^(final )?decision\s*[:-]/, "decision:"],
  [/\b(we|i|team)( have|'ve| all)? decided\b/, "we decided"],
  [/\b(it was|it's been|it has been|has been|was) decided\b/, "decided"],
  [/\b(we're|we are|i'm|i am|we'll|we will|let's|lets)( not)? (going|go|stick(ing)?) with\b/, "going with"],
  [/^go with\b/, "go with"],
  [/\b(we|i) (went|ended up going|ended up|opted|picked|chose|selected) (with|for)\b/, "went with"],
  [/^final (answer|call|choice)\s*[:-]/, "final answer:"],
  [
    /\b(let's|lets) (do|take|pick|use) (option|approach|plan|variant|design|proposal|the (first|second|third|last|former|latter))\b/,
    "let's take",
  ],
  [
    /\b(let's|lets|we'll|we will|we) (choose|chose|pick|picked|opt for|opted for|use|went with)\b.{1,80}\b(over|instead of|rather than)\b/,
    "choose over",
  ],
  [/\b(settled|we've settled|we have settled) on\b/, "settled on"],
  [/\b(our|the|my) (final )?(decision|choice|call) (is|was)\b/, "decision is"],
  [/\bwe (agreed|have agreed|'ve agreed) (to|on|that)\b/, "agreed"],
  [/^agreed\s*[:-]/, "agreed:"],
];
const NOT_DECIDED =
  /\b(not|haven't|have not|hasn't|has not|didn't|did not|never|yet to|un)\s*(yet )?(decided|decide|settled|agreed)\b|\bundecided\b|\bdecided nothing\b|\bnothing (is |has been |was )?(decided|settled)\b/;

const PROHIBIT: [RegExp, string][] = [
  [/\bunder no circumstances\b/, "under no circumstances"],
  [/\b(must not|mustn't)\b/, "must not"],
  [/\bnever\b/, "never"],
  [/\b(don't|do not|dont)\b/, "don't"],
  [/\b(shouldn't|should not)\b/, "should not"],
  [/\b(let's not|lets not|let us not)\b/, "let's not"],
  [/\b(you|we) (can't|cannot|can not|may not|are not allowed to|aren't allowed to)\b/, "cannot"],
  [/\b(not allowed|forbidden|prohibited|off[- ]limits)\b/, "not allowed"],
  [/\bavoid(ing)?\b/, "avoid"],
  [/^(stop|quit|refrain from)\b/, "stop"],
  [/^(use|keep|write|put|return|prefer|indent with) [^,.;]{1,40}(,| and) not\b/, "not"],
];
const REQUIRE: [RegExp, string][] = [
  [/^(constraint|rule|guideline|policy|convention|invariant|house rule)s?\s*[:-]/, "rule:"],
  [
    /^(from now on|going forward|henceforth|from here on( out)?|for the rest of (this|the) (session|project))\b/,
    "from now on",
  ],
  [
    /^(stick (to|with)|adhere to|conform to|comply with|default to|stay (within|away from|on)|refrain from|restrict)\b/,
    "stick to",
  ],
  [/^requirements?\s*[:-]/, "requirement:"],
  [/\b(make sure|make certain|be sure to|ensure|ensuring)\b/, "make sure"],
  [/\balways\b/, "always"],
  [/\bmust\b/, "must"],
  [/\b(remember to|don't forget to|do not forget to)\b/, "remember to"],
  [/\b(is|are) (required|mandatory)\b|\bmandatory\b/, "required"],
  [/^keep\b/, "keep"],
  [
    /^(every|each|all|any) [a-z0-9 -]{1,40}\b(needs?|requires?|gets?|has|have|deserves?) (a|an|its|their|to|at least)\b/,
    "every",
  ],
  [
    /\b(need|needs|has|have) to (be|stay|remain|keep|work|support|pass|go|use|run|live|match|follow|target|handle|return|include|come)\b/,
    "need to",
  ],
  [
    /^(only|use only)\b|\bonly (use|touch|edit|modify|change|write|import|call|run|commit|add|depend|target|ship|accept|allow|return)\b/,
    "only",
  ],
];
const PREFER: [RegExp, string][] = [
  [/\bprefer(red|ably|ence)?\b/, "prefer"],
  [/\b(i'd|i would|we'd|we would) rather\b|\brather than\b/, "rather"],
  [/\binstead of\b/, "instead of"],
  [/\bideally\b/, "ideally"],
  [/\b(it'd|it would|would) be (nice|better|good)\b|\b(better|best) to\b/, "better to"],
  [/\b(i|we) (like|love|favou?r)\b/, "i like"],
  [/\bshould\b/, "should"],
];

const GENERAL =
  /\b(from now on|going forward|henceforth|in (the )?future|at all times|every|each|whenever|wherever|all (of )?(the |our |my )?\w+|any|throughout|in this (repo|repository|project|codebase|code base|session|package|module)|across (the|all)|by default|everything|everywhere|anything|anywhere|consistently|exclusively|nothing but|unless|before (committing|merging|pushing|pushing|you|we|opening|releasing)|after (every|each|any))\b/;
const RULE_VERBS =
  /^(use|stick|limit|write|run|target|follow|put|name|pin|leave|stay|treat|return|log|format|document|commit|prefix|store|wrap|split|add|respect|reply|answer|respond|speak|ask|check|test|lint|type|handle|validate|sign|tag|quote|indent|sort|label|mark|comment|annotate|default|cap|favou?r|support|print|emit|send|push|merge|rebase|squash|build|deploy|release|bump|pin|lock|include|exclude|ignore|skip|place|declare|export|import|prefer|require|guard|escape|sanitize|encode|catch|throw|wait|retry)\b/;
const NO_FRAGMENT = /^no [a-z]/;
const NO_NOT_RULE =
  /^no (worries|problem|idea|way|thanks|rush|need|luck|change|changes|difference|clue|doubt|big deal|biggie|pressure|hurry|kidding|joke|offense)\b/;

const SUBJECT =
  "(i|we|he|she|they|it|this|that|these|those|(the|my|our|your|their|his|her) [a-z0-9-]+( [a-z0-9-]+)?|everyone|everybody|nobody|people|users|someone|ci|git|npm|node)";
const MIND =
  "(remember|remembered|forget|forgot|know|knew|understand|understood|get|got|see|saw|liked|like it|manage|managed|notice|noticed|think|thought|recall|seem|seems|seemed|bother|bothered|mind|care|cared|had|have time|read|realized|realise|realize|trust|trusted|believe|expect|expected|found|find|figure|figured|quite)";
const REMARK_MIND = new RegExp(
  `^${SUBJECT} (\\w+ )?(never|always|don't|do not|didn't|did not|can't|cannot|couldn't|won't|keep|kept) ${MIND}\\w*\\b`,
);
/** "I always mess this up": a habit of the speaker, unless the verb states what they want of the work. */
const REMARK_SELF =
  /^i (\w+ )?(always|never) (?!(want|need|prefer|like|expect|use|write|run|require|insist|ask|keep|put|add|commit|push|test)\b)[a-z]+/;
const REMARK_PAST = new RegExp(
  `^${SUBJECT} (\\w+ )?(never|always) (was|were|did|had|used to|got|went|ran|broke|came|made|took|gave|knew|saw|[a-z]+ed)\\b`,
);
const THIRD_FACT =
  /^(it|this|that|these|those|(the|my|our|your|their|his|her) [a-z0-9-]+( [a-z0-9-]+)?|he|she|they|everyone|everybody|nobody|people|users|someone|ci|git|npm|node) (?!(must|should|shall|will|needs?|has|have)\b)(\w+ )?(always|never|keeps?|don't|doesn't) (\w+s|\w+ed|do|be|work|pass|fail|run|get|come|show|happen|load|start|finish|compile|complain)\b/;
const EPISTEMIC =
  /\b(i|we) must (admit|say|confess)\b|\byou must be (tired|joking|kidding|exhausted|busy|bored|sick)\b|\byou should (see|have seen|hear|try|check out)\b|\bshould (never|not) (happen|occur)\b|\bnever (seen|heard|had|been|tried|noticed|done) (that|this|it|such|anything|one|before)\b|\b(i've|we've|i have|we have|i'd|we'd) never\b|\b(at my last job|in the old|back then|last time|years ago|used to)\b|^(avoiding|keeping|using|not using)\b.*\b(was|were)\b|\b(let me know|not sure|unsure|no idea|i doubt|wondering) (if|whether|that|we|you|i)\b|\b(i'm|i am|we're|we are) not sure\b|\bmust (have|'ve)\b|\bmust be (a|an|the|some|something|because|due|caused|related|why|coming|broken|wrong|what|from|my|our|your|it|that|this|flaky|stale|cached|missing)\b|^(it|this|that|which) should\b(?! (always|never|not|stay|remain))|\bshould (have|'ve)\b|\bshould (work|be fine|be enough|pass now|do it|do the trick|fix it|help|be ok|be okay|be done|be ready|be fixed|be good|be there|be it)\b/;

function stripQuoted(n: string): string {
  return n.replace(/"[^"]{3,}"|“[^”]{3,}”|`[^`]+`/g, " ").replace(/(^|\s)'[^']{3,}'(?=[\s.,;:!?]|$)/g, " ");
}

function first<T>(table: [RegExp, T][], text: string): T | undefined {
  for (const [re, label] of table) if (re.test(text)) return label;
  return undefined;
}

/** The class of one sentence of a user message. */
export function classifySentence(sentence: Sentence): SentenceClass {
  const n = normalizeSentence(sentence.text);
  if (n === "" || n.startsWith("/")) return { kind: "plain" };
  if (ACK.test(n)) return { kind: "ack" };
  const bare = stripQuoted(n);
  // Only sentences that carry a rule or decision word can be hard negatives; the rest is plain speech.
  const looksLikeRule = ruleCue(n) !== undefined || first(DECISION, n) !== undefined;
  if (!looksLikeRule) return { kind: "plain" };
  if (sentence.introducesQuote) return { kind: "negative", why: "quoted" };
  const isQuestion = /\?["”')\]]*$/.test(n);
  if (isQuestion && !POLITE_RULE.test(bare)) return { kind: "negative", why: "question" };
  if (HYPOTHETICAL.test(bare)) return { kind: "negative", why: "hypothetical" };
  const marker = NOT_DECIDED.test(bare) ? undefined : first(DECISION, bare);
  if (marker) return { kind: "decision", marker };
  const remark = [REMARK_MIND, REMARK_SELF, REMARK_PAST, THIRD_FACT, EPISTEMIC].some((re) => re.test(bare));
  if (remark) return { kind: "negative", why: "remark" };
  return ruleCue(bare) ?? { kind: "negative", why: NOT_DECIDED.test(bare) ? "remark" : "quoted" };
}

function ruleCue(bare: string): SentenceClass | undefined {
  if (/^(never ?mind|no worries)\b|^keep (me|us) (posted|updated|informed|in the loop)\b/.test(bare))
    return undefined;
  if (/^(i'd|i would) rather not[.!]*$|\bprefer not to say\b/.test(bare)) return undefined;
  if (/^(don't|do not) (worry|bother)( about| with)?( it| that| this)?[.!]*$/.test(bare)) return undefined;
  const prohibit = first(PROHIBIT, bare);
  if (prohibit) return { kind: "constraint", cue: prohibit };
  const require = first(REQUIRE, bare);
  if (require) return { kind: "constraint", cue: require };
  const prefer = first(PREFER, bare);
  if (prefer) return { kind: "preference", cue: prefer };
  const status = /\b(yet|so far|at the moment|right now|currently|anymore|left)\b/.test(bare);
  if (NO_FRAGMENT.test(bare) && !NO_NOT_RULE.test(bare) && !status && bare.split(" ").length <= 12)
    return { kind: "constraint", cue: "no" };
  if (RULE_VERBS.test(bare) && GENERAL.test(bare)) return { kind: "constraint", cue: "imperative" };
  if (/\b(i|we) (want|need|expect)\b/.test(bare) && GENERAL.test(bare))
    return { kind: "preference", cue: "want" };
  return undefined;
}
