// The small grammar the sentence classifier reads with: where a sentence's main clause starts (after a
// condition, a polite frame or a reporter such as "legal says"), whether a clause is imperative, what mood
// its verb phrase is in (obligation, prohibition, hypothetical, past) and who its subject is. Pure, no model;
// word lists name grammatical classes (base verbs, modals, reporters), not topics.

/** Base-form verbs a request or rule can start with ("run the tests", "keep it small"). */
export const BASE_VERB =
  "add|adjust|answer|append|apply|archive|ask|avoid|back|be|bump|build|call|cap|catch|change|check|clean|clear|clone|commit|compare|configure|compile|convert|copy|create|cut|debug|declare|default|decrease|delete|deploy|describe|disable|display|download|document|do|drop|edit|emit|empty|enable|encode|ensure|escape|explain|export|extend|extract|favou?r|fetch|find|fix|flag|follow|format|generate|get|give|go|guard|handle|implement|import|include|increase|indent|initiali[sz]e|inline|insert|inspect|install|investigate|keep|label|leave|let|limit|lint|list|load|lock|log|look|make|mark|measure|merge|migrate|mock|move|name|open|parse|patch|pause|pick|pin|ping|place|prefer|prefix|print|profile|publish|push|put|read|rebase|record|redo|reduce|refactor|refrain|regenerate|release|remove|rename|render|replace|reproduce|resolve|restore|rerun|re-run|ignore|mention|reply|report|require|respect|respond|restart|retry|return|reuse|revert|review|rewrite|roll|round|run|sanitize|save|search|charge|sell|send|set|share|shorten|show|sign|simplify|skip|sort|speak|split|squash|stage|start|stay|stick|stop|store|summari[sz]e|support|swap|switch|tag|take|target|tell|test|throw|tidy|touch|translate|treat|trim|try|type|undo|update|upgrade|upload|use|validate|verify|wait|wire|work|wrap|write";
const IMPERATIVE = new RegExp(`^(just |now |then |also |first |always |never |only )?(${BASE_VERB})\\b`);

/** The words that open a condition: the rest after its comma (or its first verb) is the main clause. */
const CONDITION =
  /^(if|when|whenever|once|before|after(?! (thinking|reflecting|some thought|consideration))|in case( of)?|unless|should|each time|every time|any ?time|as soon as|while|until|when in doubt)\b/;

/** Someone other than the user whose rule the user passes on; "the hospital's IT" names one by whose it is, "our
 * coordinator" by what they do, and "she" points back at one named before. */
const PARTY =
  "((the|our|their|my) [a-z0-9-]+'s( [a-z0-9-]+){1,2}|legal|compliance|security|safeguarding|data protection|head office|hq|headquarters|ops|product|marketing|finance|qa|management|environmental health|health and safety|trading standards|the fire (officer|brigade|service)|the (client|customer|boss|business|c[a-z]o)|(the|our|my|their|his|her|your)( [a-z0-9'-]+){0,3} (client|clients|customer|customers|manager|lead|cto|ceo|boss|team|teams|group|folks|people|designer|designers|auditors?|audit|department|maintainers?|contract|policy|owners?|architect|po|pm|reviewers?|admin|admins|counsel|regulator|dpo|officer|c[a-z]o|vp|director|head of [a-z]+|guide|guidelines|handbook|playbook|standards|lawyers?|stakeholders?|license|licence|lease|tenancy|constitution|bylaws|permit|spec|specification|rfc|sla|agreement|vendor|partners?|qa|sre|devops|security|legal|lab|labs|journal|publisher|editor|conference|university|hospital|clinic|school|sponsors?|funders?|publisher|foundation|league|federation|association|society|chapter|parish|trust|insurer|insurance|commission|liaison|ombudsman|bank|landlord|city|council|committee|board|body|chair|union|ministry|government|agency|authority|coach|coaches|referees?|gm|hr|trustees?|donors?|secretary|vicar|warden|captain|clerk|matron|chairman|chairwoman|chairperson|principal|head|headteacher|headmaster|headmistress|vet|nurse|steward|sensei|bursar|rep|registrar|pro|franchise|franchisor|church|mosque|temple|synagogue|chapel|cathedral|diocese|commodore|skipper|bosun|chef|umpire|physio|sergeant|rabbi|imam|priest|pastor|reverend|minister|mayor|gp|midwife|boss|gaffer|governors?|neighbours?|churchwardens?|parents|members|volunteers|residents|[a-z]{2,}(?:man|woman|men|women))|[a-z]+ (team|folks|group|department)|(the |our )?[a-z]+ (rules|regulations|guidelines)|[a-z]+ (from|in|on) (the |our )?(security|legal|compliance|ops|product|finance|qa|design|marketing|sales|support|infra|infrastructure|platform|it|hr|data|[a-z]+ team)|the (pi|dpo|po|pm|ciso|cto|ceo)|(release|product|project|engineering|delivery|qa|test|store|app) (manager|lead|owner|team)|(the|our|my|their|his|her|your)( [a-z0-9'-]+){0,2} ((?!(error|mirror|monitor|sensor|validator|linter|compiler|parser|debugger|browser|server|tracker|scheduler|counter|filter|router|buffer|header|footer|marker|computer|scanner|container|folder|timer|trigger|converter|installer|uploader|logger|checker|viewer|calculator|generator|simulator|emulator|indicator|meter|register|poster|flyer|banner|letter|paper|newsletter|number|order|border|corner|calendar|spreadsheet|weather|water|heater|boiler)s?\\b)[a-z]{3,}(or|er|ist|ian)|accountant|consultant|assistant|student|agent|tenant|applicant|participant|president)s?|she|he)";
const REPORT_VERB =
  "(says?|said|ruled|rules|has ruled|(?:have |has )?decided|prefers?|ask that|(would|'d) like (us|me|you) to|(doesn't|does not|don't|do not) want|won't accept|won't have|will not have|won't cover|will not cover|doesn't cover|does not cover|won't insure|wants?|wanted|insists?|insisted|requires?|required|demands?|demanded|needs?|asked|asks|told (us|me)|tells (us|me)|is adamant|are adamant|mandates?|expects?|won't allow|doesn't allow|does not allow|forbids?)";
const REPORTED = new RegExp(
  `^(according to |per )?${PARTY}(?: (?:of|at|from|in) (?:the |our )?[a-z']+(?: [a-z']+)?)?( (?!(will|might|may|could|should|can)\\b)[a-z]+)?,? ${REPORT_VERB}\\b[ :,]*(.*)$`,
);
/** "priya asked that we keep the columns", "amara asked us to", "the mechanics asked that": someone named, asking
 * for something of us. */
const NAMED_ASKS =
  /^(?:(?:the|our|my|their) )?(?!(i|we|you|it|this|that|there|which|who|what|cat|dog|parrot|hamster|goldfish|rabbit|pet|plant)s?\b)([a-z]+)(?: have| has)? (asked|asks|insisted|insists|requested|requests|demanded|demands|required|requires) (that|us to|me to|us not to|me not to|us never to|me never to) (.*)$/;
const ACCORDING = new RegExp(`^(according to|per|under) ${PARTY}, (.*)$`);

const PARTY_ONLY = new RegExp(`^${PARTY}$`);

/** "finance", "the client", "our brand guide": someone whose rule the user passes on. */
export function isParty(words: string): boolean {
  return PARTY_ONLY.test(words);
}

export interface Reported {
  verb: string;
  inner: string;
}

/** "legal says we can't …": the reporter's verb and the clause passed on, or null. */
export function reportedClause(said: string): Reported | null {
  // "the head has asked me to sort out the app": work handed over, not a rule passed on.
  if (/\b(has|have) asked (me|us) to\b/.test(said)) return null;
  // "ray, the owner, says …": a name with its role reports as the role does.
  // "good, but the board says …": an acknowledgement first, then the rule passed on.
  const n = said
    .replace(/^[a-z]+, ((?:the|our|my) [a-z' -]{2,30}?), (?=[a-z])/, "$1 ")
    .replace(
      /^(good|great|ok|okay|fine|right|yes|yeah|sure|perfect|lovely|brilliant|thanks|cheers)[,!.]* (but|and|also|though),? (?=(the|our|my|their) )/,
      "",
    );
  const a = ACCORDING.exec(n);
  if (a) return { verb: "says", inner: a.at(-1) as string };
  // "the head has asked me to sort out the app" hands work over; "members have asked us never to …" sets a rule.
  const named = /^[^ ]+( [^ ]+)? (have|has) /.test(n) && / (us|me) to /.test(n) ? null : NAMED_ASKS.exec(n);
  const m = REPORTED.exec(n) ?? (named && [named[0], named[3], `${named[4]} ${named[5]}`]);
  if (!m) return null;
  const verb = m.slice(1).find((g) => g !== undefined && new RegExp(`^${REPORT_VERB}$`).test(g)) ?? "";
  // "asked us not to open issues for questions": what they asked of us, as the rule it sets.
  const inner = (m.at(-1) as string)
    .replace(/^(that|to pass on that|me to pass on that) /, "")
    .replace(/^(us|me|you) not to /, "don't ")
    .replace(/^(us|me|you) never to /, "never ")
    .replace(/^(us|me|you) to (?=[a-z])/, "");
  return { verb, inner };
}

/** A condition's main clause ("if the build breaks, stop" → "stop"), or null when it has no condition. */
export function mainClauseAfterCondition(n: string): string | null {
  if (!CONDITION.test(n)) return null;
  const comma = n.indexOf(",");
  if (comma > 0) return n.slice(comma + 1).trim();
  const words = n.split(" ");
  for (let i = 2; i < words.length; i++) {
    const rest = words.slice(i).join(" ");
    if (
      /^(just )?(tell|ask|stop|ping|check|let|run|revert|roll|pause|flag|leave|keep|don't|do not|never)\b/.test(
        rest,
      ) ||
      // "if it's still empty on friday at noon then text me directly": "then" and whom to tell.
      (words[i - 1] === "then" &&
        /^(text|email|call|phone|message|notify|warn|alert) (me|us|the)\b/.test(rest)) ||
      // "if the van is late put a banner up": a verb of showing after the case, unless it is the case's own
      // ("when i try to show the page").
      (/^(put|show|mark|hide|block|warn) (a|an|the|it|them)\b/.test(rest) &&
        !/^(to|i|we|you|can|can't|cannot|will|won't)$/.test(words[i - 1] as string))
    )
      return rest;
  }
  return null;
}

/** A finite verb after the first one or two words: they are a noun subject ("search is slow", "profile page crashes"). */
const NOUN_SUBJECT =
  /^[a-z-]+( [a-z-]+)? (is|are|was|were|has|have|had|does|doesn't|did|didn't|can|can't|will|won't|seems|looks|returns|takes|keeps|fails|failed|works|worked|broke|breaks|crashes|crashed|hangs|shows|gives|got)\b/;

export function isImperative(clause: string): boolean {
  return IMPERATIVE.test(clause) && !/^(let's say|lets say)\b/.test(clause) && !NOUN_SUBJECT.test(clause);
}

/** Closed-class words (pronouns, determiners, auxiliaries, prepositions, conjunctions, particles): none of
 * them opens an imperative. */
const CLOSED =
  /^(i|you|we|they|he|she|it|this|that|these|those|there|here|the|a|an|my|our|your|their|its|his|her|some|any|all|every|each|no|none|nothing|nobody|everyone|everything|something|someone|is|are|was|were|be|been|am|has|have|had|do|does|did|will|would|can|could|should|shall|may|might|must|in|on|at|for|with|to|from|by|of|about|into|over|under|and|or|but|so|if|when|then|than|as|not|also|just|only|maybe|probably|perhaps|what|which|who|how|why|where|ok|okay|yes|yeah|please|thanks|too|very|more|most|less|still|already|even)$/;
const FINITE_SECOND =
  /^(is|are|was|were|has|have|had|will|would|can|could|should|may|might|must|does|did|do|seems|gets|looks|needs|need|want|wants|say|says|said|think|thinks|like|likes|know|knows)$/;

/** An imperative by its form when its verb is not one the grammar lists ("abort the import", "revoke the whole
 * family"): a first word that is no closed-class word and carries no -s/-ed/-ing/-ly ending, followed by no
 * finite verb. Used only where an instruction is expected (the main clause of a condition). */
export function looksImperative(clause: string): boolean {
  const c = clause.replace(/^(then|just|simply|also|immediately|please)\s+/, "");
  if (isImperative(c)) return true;
  const words = c.split(" ");
  const [first, second] = words;
  if (first === undefined || second === undefined || CLOSED.test(first)) return false;
  // "pass", "process", "focus" end in -s without being a third person.
  if (!/^[a-z]{3,}$/.test(first) || /(ed|ing|ly)$/.test(first) || /[^su]s$/.test(first)) return false;
  return !FINITE_SECOND.test(second) && !NOUN_SUBJECT.test(c);
}

/** A verb phrase of obligation or prohibition in a declarative clause ("tests must run", "we can't use"). */
export const OBLIGATION =
  /\b(must|mustn't|shall|has to|have to|(has|have) always to|had better|needs? to|is required|are required|required to|is mandatory|mandatory|may not|can't|cannot|can not|are not allowed|aren't allowed|is not allowed|not allowed|is forbidden|off[- ]limits|is a must|(can|will|may|shall) never|read[- ]only|off the table|out of the question|(is|are) (a )?no[- ]go|not an option|non[- ]negotiable|not negotiable|not up for (debate|discussion)|a hard (rule|requirement|limit))\b/;
export const PROHIBITION =
  /^(never|don't|do not|dont|don't ever|do not ever|stop|quit|refrain|avoid|no|not a single|nothing|hands off|under no circumstances|let's not|lets not)\b|\b(never|must not|mustn't|should not|shouldn't|may not|can't|cannot|not allowed|forbidden|off[- ]limits)\b/;
/** Epistemic modals: a guess about the world, not a rule ("it must be the cache", "that should work now"). */
// "must have" guesses only before a participle ("must have broken"); "must have a return type" is a rule.
export const EPISTEMIC =
  /\b(must|has to|should|ought to) (be (a|an|the(?! (first|last|only)\b)|some|those|these|their|its|his|her|something|somewhere|caused|coming|cursed|on(?! (before|by|at|after|stage|time)\b)|tired|because|due|it|that|this|my|our|why|what|up|fine|ok|okay|quick|broken|wrong|flaky|stale|related)|(have|'ve) (been|gone|done|had|made|caught|seen|run|hit|forgotten|forgot|broken|broke|missed|[a-z]+ed)(?! (at least|at most|more than|fewer than|no fewer than|a minimum of|\d)\b)(?![^,]{0,40}\b(before|by the time)\b)|'ve|work now|work by now|be done)\b|\b(i|we) must (admit|say|confess)\b|\byou must (be|have)\b|\bshould (work|be fine|help|do it|fix it)\b|\b(should|must) (never|not) (happen|occur)\b|^(this|that|it) should be\b|\bwill never (die|end|happen|finish|learn|go away|be (done|finished|fixed|enough))\b/;
/** "every race officer must have done a duty as an assistant first", "new setters must have shadowed a senior
 * setter before they set alone": what a whole class must have done beforehand; "he must have forgotten" stays a
 * guess. */
export const DONE_FIRST =
  /^(?!(?:he|she|it|they|you|we|i|someone|somebody) )(?:(?:(?:and|but|also) )?(?:every|each|any|all|new) [a-z0-9' -]{2,40}? must (?:already )?have [a-z]+(?:ed|en|ne|wn|t)\b|.*?\bmust (?:already )?have (?:[a-z]+(?:ed|en|ne|wn|t)|run|done|been)\b[^,]{0,50}\b(?:first|beforehand|at least|more than|a minimum of|before (?:(?:they|you|he|she) (?!(?:left|went|came|got|were|was|had|did|arrived|saw|took|made|ran|set)\b)[a-z]+(?<!ed)|being|joining|booking|taking|leading|running|starting|setting|driving|using))\b)/;
export const WOULD = /\b(would|'d|could|might|may)\b/;
/** "every morning", "each monday morning": a schedule says when a thing runs, not the scope of a rule. */
export const EVERY_WHEN =
  /\b(every|each) (day|night|morning|evening|week|weekend|month|year|hour|minute|monday|tuesday|wednesday|thursday|friday|saturday|sunday)( morning| night| evening)?\b/g;

/** ", that's the rule", ", that's what finance told me to always use": the clause before the mark is a rule. */
// "…; that's club policy", "…, that's the league's rule", "…, the operator insists", "…, the clerk wants that on
// everything we print": the closing words name who or what makes the clause before them a rule.
const MARKS_RULE =
  /[,;]\s+(?:(?:whatever|no matter what) [a-z' ]{2,30} (?:says|shows|thinks|look like|looks like|costs?)|(?:that's|that is|this is|is) (?:(?:the|a|our|a hard|the hard|a legal|the legal)(?: [a-z']+){0,2}? |(?:club|house|site|school|team|company|league|yard|hall|shop|dojo|studio|choir|farm|market) )?(?:rule|law|requirement|policy|limit|condition|tradition|custom)(?: (?:of|from|for) (?:the |our |every |each )?[a-z]+(?: [a-z]+)?)?|(?:that's|that is) what [a-z' ]{2,30} (?:told|asked|wants?|said|says|requires?)\b[^,]*|(?:the|our|my) [a-z'-]+(?: [a-z'-]+)? (?:(?:was|is|were|are) (?:very |really )?(?:clear|firm|strict)(?: (?:on|about) (?:that|this|it))?|insists|insisted|demands|says so|said so|(?:not allow|doesn't allow|does not allow|won't allow|forbids) (?:it|that|this)|(?:wants|requires|asked for) (?:it|that|this)\b[^,]*))[.!]*$/i;

/** The clause a closing mark calls a rule ("so dosing stops when the vents open, that's the rule" gives "dosing
 * stops when the vents open, that's the rule"), or null. */
export function clauseMarkedAsRule(text: string): string | null {
  const mark = MARKS_RULE.exec(text);
  if (mark === null) return null;
  const before = text.slice(0, mark.index);
  let at = before.lastIndexOf(", ");
  // "the sms never shows his number, only the office number, this is the rule": a piece that only bounds the one
  // before it belongs to it.
  if (at > 0 && /^(only|not|never|except|but|and|or)\b/i.test(before.slice(at + 2)))
    at = before.lastIndexOf(", ", at - 1);
  const start = at < 0 ? 0 : at + 2;
  // "good, that's what marketing asked for" agrees; the rule needs words of its own.
  if (text.slice(start, mark.index).split(/\s+/).length < 4) return null;
  return text.slice(start).replace(/^(?:so|and|but)\s+/i, "");
}

/** Past narration: time words of the past or a past-tense verb right after the subject. */
export const PAST_TIME =
  /\b((?<!\bto )back in(?![.,;!]|$| (the |to |our |their |its )?(box|boxes|stock|pool|range|queue|list|diary|calendar|schedule|system|database|drawer|cupboard|store|bin|line|rota|order|place|use|service|action|sync|shape|under|less than|within|original|same|right|correct|proper|envelopes?|bags?|cases?|folders?|tray|rack|shed|fridge|freezer|packs?|sleeves?|tins?|jars?|crates?)\b)|in (19|20)\d\d|(?<!\b(?:within|in|over|during|for) the )last (year|month|week|quarter|sprint|time|spring|summer|autumn|fall|winter)(?!'s)|years? ago|ages ago|a while ago|long ago|months? ago|weeks? ago|days? ago|some time ago|yesterday|earlier today|^when (the|our|this|it) [a-z' ]{2,30} (was|were) [a-z]+|this morning|originally|historically|used to|before i joined|when (i|we) (started|joined)|^before the (move|merger|rebrand|refit|flood|fire|pandemic|lockdown),? (we|i|they)\b|the (previous|former) [a-z]+ (always |never |only )?(?:[a-z]+ed|lent|kept|sent|made|took|gave|ran|let|sold|held|put|set|did|had|was|were)\b|the old [a-z]+( [a-z]+)? (always|never) ([a-z]+ed|lent|kept|sent|made|took|gave|ran|let|sold|held|put|set|did|had|was|were)\b|^before,\s|at my (old|last|previous) (job|company|place)|for years|for decades|in the first version|in the old days|back then|once upon|my predecessor|the (previous|former|old) (treasurer|secretary|chair|chairman|owner|owners|manager|developer|dev|team|contractor|admin|coordinator|captain|landlord|head|vicar|warden|clerk|president|lead|agency|vendor|supplier|committee)|the original author|the last contractor|had a rule once|when (i|we|he|she) (was|were) [a-z]+ing)\b|(^|, )in the past,? (we|i|they|he|she|the|our|people|customers|everyone)\b/;
/** A thing that goes wrong: "the crash only on android" reports where it happens, it sets nothing. */
export const TROUBLE =
  /\b(bugs?|crash(es)?|errors?|issues?|problems?|failures?|flakes?|warnings?|leaks?|glitch(es)?|typos?)\b/;
export const PAST_VERB =
  /^([a-z']+ ){0,3}(was|were|did|had|went|chose|picked|decided|settled|tried|ran|fixed|broke|made|took|wrote|used|copied|shipped|deployed|documented|agreed|opted|reverted|started)\b/;

/** Laughter, irony and sighs. Only faces that laugh, wink or roll their eyes mark a joke: a wave, a fire or a
 * thumbs-up decorates a message without changing what it asks. */
export const LAUGH =
  /\b(haha+|hehe+|lol|lmao|rofl|jk|kidding|just joking|joking|tbh|ugh+|argh+|meh|sigh|funny enough|note to self|rule of thumb|seriously|frankly|bless (her|him|them)|said (nobody|no one) ever|ha ha|(?<!\band )honestly)\b|\b(must|should|always|never)\b[^,]*, obviously[.!]*$|, (that's|that is) (my|our) (motto|philosophy|mantra)[.!]*$|^(?:\S+\s){0,12}\S*, ha[.!]*$|[\u{1F600}-\u{1F606}\u{1F609}\u{1F61B}-\u{1F61D}\u{1F62D}\u{1F643}\u{1F644}\u{1F648}\u{1F923}\u{1F926}\u{1F92A}\u{1F937}\u{1FAE0}]|(^|\s)(:\)|:d|;\)|:p|xd)(\s|$)/u;
export const VENT =
  /\b(i hate|i love how|cursed|hate me|should be illegal|become farmers|this is fine|blame dns|buy the team|don't mind me|my brain|who (designed|wrote|thought)|never let (me|anyone)|never trust (me|a|anyone)|don't (ever )?let me|tired of me|whoever wrote)\b/;

/** A question by its form: a question mark, or an inverted auxiliary / wh-word at the start. */
/** "can we make the marshals wear hi-vis, or is that overkill?": a thought weighed aloud, not work asked for. */
export function weighsAloud(n: string): boolean {
  return /, or (is|would) (that|it|this) (be )?[a-z ]{2,30}\?$/.test(n);
}

export function isQuestion(n: string): boolean {
  if (/\?["”')\]]*$/.test(n)) return true;
  // "do that", "do it now": without a question mark, "do" before a pronoun is the verb of an imperative.
  if (/^do (it|this|that|the needful|the same)\b/.test(n)) return false;
  // "do the refund screen first, then the reports": the order of the work, told without a question mark.
  if (/^do (the|a|an|our|my|your) [^,?]{2,50}? (first|next|last|before|after)\b/.test(n)) return false;
  // "what we do today: the boxes send fuel levels …": a heading, not a question.
  if (/^what (we|i) [a-z' ]{1,30}:\s/.test(n)) return false;
  const SUBJ =
    "(we|i|you|it|this|that|there|the|a|an|my|our|your|they|he|she|every|all|any|anyone|these|those)";
  if (
    new RegExp(
      `^(should|shall|would|could|can|do|does|did|is|are|was|were|have|has|must|may|will|isn't|aren't|shouldn't|doesn't|won't|wouldn't) ${SUBJ}\\b`,
    ).test(n)
  )
    return true;
  return (
    /^(why|what|which|how|where|who|whose)\b( [a-z]+)? (is|are|was|were|does|do|did|should|would|could|can|will|'s|about|if)\b/.test(
      n,
    ) || /^(why|how come)\b/.test(n)
  );
}

/** Frames that wrap a request in a question or a hedge: "would it be possible to …", "maybe we could …",
 * "i'd be grateful if you could …". The clause after the frame is what is asked. */
const HEDGED_FRAME =
  /^(?:(?:i was|i am|i'm|we were|we are|we're) (?:thinking|wondering if|hoping)(?: that)?,? (?:maybe |perhaps )?(?:we|you) (?:could|can|might)(?: try to)?|(?:maybe|perhaps) (?:we|you) (?:could|can)(?: try to)?|(?:would|will) you mind|(?:would|is) it (?:be )?(?:possible|feasible) to|(?:i|we) (?:would|'d) (?:be grateful|appreciate it|love it) if you (?:could|can|would)|it would be (?:great|nice|good|lovely) if you (?:could|can|would)|(?:could|can) we(?: please| maybe)?|(?:would|will) you be able to|are you able to|(?:is there )?any chance (?:you|we) (?:could|can)) (.*?)(?:,? if (?:that's|that is|it's|it is) not too much[^?]*)?[?.!]*$/;

/** The work asked for inside a hedge ("maybe we could get the results paginated?"), or null. A hedge asks; it
 * never sets a rule, so its clause is a request whatever its verb. */
export function hedgedRequest(n: string): string | null {
  const m = HEDGED_FRAME.exec(n);
  return m ? (m[1] as string) : null;
}

/** "can you …", "could you please …": the request inside a polite question, or null. */
export function politeRequest(n: string): string | null {
  const m = /^(can|could|will|would) you( please| kindly| maybe| also)? (.*?)[?.!]*$/.exec(n);
  if (!m || /^(mind|like|prefer|say|think|agree|be able)\b/.test(m[3] as string)) return null;
  return m[3] as string;
}
