// What keeps non-rules out of the rules: a line of code, config, log output or a command pasted as it is, a
// "rule" of somewhere other than the work (a house, a club, debugging in general), and the earnest ask left in a
// joke, a sigh or a story about the past once the laugh, the complaint or the story is taken away. Judged by the
// form of the text (symbols, clause shapes, who is addressed), not by phrases of any corpus. Pure.
import { isImperative, isQuestion, looksImperative, OBLIGATION, VENT } from "./clause.ts";

/** String literals: their words are data, not the speaker's ("fail(\"do not retry\")"). */
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"|'(?:[^'\\\s]|\\.)(?:[^'\\]|\\.)*'/g;
/** A comment after code on the same line: `x = 1  # never raise`, `CHECK (a > 0); -- must never`, `f() // no`. */
const TRAILING_COMMENT = /\s(?:#|--|\/\/)\s.*$/;
/** A line that is only a comment of some language. */
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|#(?!\d)\s|--\s)/;
/** Output of a program: a severity label, an exception name, a stack frame, a timestamp, a tool's error tag. */
const LOG_SHAPE =
  /^\s*(?:(?:ERROR|WARN(?:ING)?|INFO|DEBUG|TRACE|FATAL|PANIC|CRITICAL)\b|(?:error|warning|fatal|panic)(?:\[\w+\])?:\s|[A-Z][A-Za-z]*(?:Error|Exception|Warning):\s|at\s+\S+\s+\(?[^\s()]+:\d+(?::\d+)?\)?\s*$|\d{4}-\d\d-\d\d[T ]\d\d:\d\d|\[\d{4}-\d\d-\d\d|[a-z]+\s+ERR!\s)/;
/** Code tokens: a call, an operator, a statement end, a block, a flag, an identifier no prose spells. */
const CODE_TOKEN =
  /[A-Za-z_$][\w$.]*\(|[=!<>]=|=>|&&|\|\||(?:^|\s)(?:=|<>|>|<)(?:\s|$)|[{}]|(?:^|\s)--?[a-z][\w-]*|\b[a-z]+[A-Z]\w*\b|\b[A-Z]{2,}_[A-Z_]+\b|\b[a-z]+_[a-z_]+\b|\(!|^\s*"[\w.-]+"\s*:/;
/** Words that only prose is made of: a line with none of them is no sentence. */
const FUNCTION_WORD =
  /\b(the|a|an|to|of|in|on|for|with|without|before|after|is|are|be|it|this|that|and|or|but|we|you|i|please|never|always|don't|do not|must|should)\b/i;
/** One setting: `key: value`, `"key": value,`, `KEY = value`. */
const SETTING =
  /^\s*"?[\w.-]+"?\s*[:=]\s*(?:"[^"]*"|'[^']*'|true|false|null|yes|no|never|always|on|off|[\d.]+|[\w./-]+)\s*,?\s*$/i;
/** A command line: a program name, then arguments with at least one flag or path, and no prose around them. */
/** A statement of SQL: its keywords in capitals, ended by a semicolon ("ALTER TABLE t SET NOT NULL;"). */
const SQL_STATEMENT =
  /^\s*(?:SELECT|INSERT INTO|UPDATE|DELETE FROM|ALTER|CREATE|DROP|GRANT|REVOKE|TRUNCATE)\b[^a-z]*\b[A-Z]{2,}\b.*;\s*$/;
/** An element of markup pasted whole: "<p>Tickets must be collected by 7:15pm.</p>". */
const MARKUP = /^<([a-z][a-z0-9-]*)\b[^>]*>.*<\/\1>$/i;
const COMMAND = /^\s*(?:sudo\s+)?[a-z][\w.-]*(?:\s+[\w./:@=^~-]+)*\s+--?[a-z][\w=-]*/;

/** True when the text is a line of code, config, program output or a command pasted as it is, not a sentence
 * of the user's (a rule naming code in backticks or in prose stays a sentence). */
export function isCodeLine(raw: string): boolean {
  const text = raw.trim();
  // "`pnpm` only" names a tool; "`stopifnot(nrow(df) > 0) # data must never be empty`" quotes a line of code.
  const span = /^`([^`]*)`[.!]?$/.exec(text);
  if (text === "" || span) return span !== null && span[1] !== text && isCodeLine(span[1] as string);
  if (LOG_SHAPE.test(text) || COMMENT_LINE.test(text) || SQL_STATEMENT.test(text) || MARKUP.test(text))
    return true;
  // "the till printed: ORDER REJECTED — SUNDAY PICKUP NOT ALLOWED": a machine's message in capitals after a colon.
  if (/:\s+[A-Z0-9][A-Z0-9 .,;!'"—–-]{8,}$/.test(text) && (text.match(/\b[A-Z]{2,}\b/g)?.length ?? 0) >= 3)
    return true;
  // "Validation failed: deposit is required for orders over 500": what a check printed when it failed.
  if (/^[A-Z][a-z]+ (failed|error|rejected|denied|refused)\s*:\s+\S/.test(text)) return true;
  // "the banner on the old site says Always Open To Visitors": words shown in title case, quoted.
  if (/\b(says|reads|shows|displays)\s+(?:[A-Z][a-z']*\s+){2,}[A-Z][a-z']*[.!]?$/.test(text)) return true;
  const bare = text.replace(/`[^`]*`/g, " x ");
  const code = bare.replace(STRING_LITERAL, '""');
  const head = code.replace(TRAILING_COMMENT, "");
  if (head !== code && codeTokens(head) >= 1) return true;
  const setting = bare.replace(TRAILING_COMMENT, "");
  if (SETTING.test(setting)) return isSetting(setting, setting !== bare);
  const prose = head.replace(/""/g, " ");
  if (COMMAND.test(head) && !FUNCTION_WORD.test(prose) && !/[.!?]$/.test(text)) return true;
  const words = head.split(/\s+/).filter((w) => w !== "");
  return codeTokens(head) >= 2 && codeTokens(head) / Math.max(1, words.length) >= 0.25;
}

/** `key = value` is a setting; `key: value` only with a key no prose spells, a literal value or a comment after
 * it ("Decision: uPlot." is a label and its choice). */
function isSetting(line: string, commented: boolean): boolean {
  if (/\s/.test(line.replace(/\s*[:=]\s*/, "").trim()) || /[.!?]$/.test(line.trim())) return false;
  const [key = "", value = ""] = line.split(/\s*[:=]\s*/, 2).map((p) => p.trim());
  if (line.includes("=") || commented) return true;
  return /["_.-]|[a-z][A-Z]/.test(key) || /^(?:"[^"]*"|'[^']*'|true|false|null|[\d.]+),?$/i.test(value);
}

function codeTokens(text: string): number {
  return (
    text.split(/\s+/).filter((w) => w !== "" && CODE_TOKEN.test(w)).length + (/;\s*$/.test(text) ? 1 : 0)
  );
}

/** What the work is called when a rule is said to be its own: a rule "of this repo" binds; one "of debugging",
 * "in this house" or "in our chess club" is about somewhere else. */
const WORK_SCOPE =
  /^(?:this|the|our|that|your|my) (?:[a-z-]+ ){0,2}(?:task|tasks|repo|repository|project|codebase|code|branch|pr|change|changes|feature|ticket|migration|refactor|module|service|api|app|release|work|session|team|job|rewrite|port|package|library|sdk|cli|pipeline|deploy|build|tests?)$/;
/** "Rule number one of debugging:", "House rule at my place:", "the rule in our D&D group:", "at home the rule
 * is": a rule with the place or activity it holds in. */
const SCOPED_RULE =
  /^(?:(?:in|at|for) (.{2,40}?),? )?(?:the )?(?:(?:only|first|golden|main|one|number one|#1|house|unwritten) )*(?:rule|law)s?(?: (?:(?:number|no\.?|#) ?\w+|one|two|three|#?\d))?(?: (?:of|in|at|for|on) ([^:,]{2,40}?))?(?:\s*[:,]|\s+is\b)/;

/** True when the sentence states a "rule" of somewhere other than the work (a joke or a house rule). */
export function isRuleOfElsewhere(n: string): boolean {
  // "rules for ota: the image must be signed": rules named for a part of the work head its rules.
  if (
    /^((the|our|some|a few|two|three|house|ground) )?rules for (the |our |this |all )?[a-z0-9 -]{2,30}( itself)?(, [a-z ,]{2,30})?:/.test(
      n,
    )
  )
    return false;
  const m = SCOPED_RULE.exec(n);
  if (!m) return false;
  const scope = (m[1] ?? m[2] ?? "").trim();
  if (scope === "")
    return /^house rules?\b/.test(n) && !/\b(?:for|of|in) (this|the|our) /.test(n.slice(0, 40));
  return !WORK_SCOPE.test(scope) && !/^(today|now|here|this week|this sprint)$/.test(scope);
}

/** "We could in theory drop it", "if I had more time I would …": a possibility or a wish against the facts. */
export function isHypothetical(n: string): boolean {
  const modal = /\b(would|'d|could|might)\b/;
  // "if firefox ever drops webrequest, we'll need to rewrite it", "suppose …; then we'd have to …": a case that may
  // never come, and what it would take.
  // "if you ever need a new dependency, ask me first" still tells what to do then.
  const then = n.split(",").slice(1).join(",").trim();
  if (
    /^(even )?if [^,]{2,60}\bever\b/.test(n) &&
    !/\b(never|always|don't|do not)\b/.test(then) &&
    !isImperative(then) &&
    !looksImperative(then)
  )
    return true;
  if (/^(then |so )?(we|you|i|they|it)('d| would| might| could) (have to|need to|be forced to)\b/.test(n))
    return true;
  if (/\b(in theory|in principle|theoretically)\b/.test(n) && modal.test(n)) return true;
  // "if the wholesaler went bust we'd have to use the one in town": an unreal case in the past tense, then its cost.
  if (
    /^(even )?if [^,]{3,60}? (went|were|was|had|did|broke|quit|shut|lost|[a-z]{3,}ed)\b[^,]{0,30},? (we|i|you|they)('d| would| could| might)\b/.test(
      n,
    )
  )
    return true;
  // "maybe later we also do search by colour", "if it goes well maybe we'd do …", "…, who knows": a maybe for some
  // other day, or a guess the speaker shrugs at.
  // "I said maybe next year, so don't build anything for it" still says what to do now.
  const someDay = (c: string) =>
    /\bmaybe\b/.test(c) &&
    /\b(later|one day|some ?day|next (year|month|season|week|time)|in (the )?future|eventually|would|'d|might)\b/.test(
      c,
    );
  if (
    n.split(" ").length <= 30 &&
    n.split(/, /).some(someDay) &&
    !/\b(so|but|and) (don't|do not|never|keep|leave|just)\b/.test(n)
  )
    return true;
  if (/,? (who knows|i don't know|i dunno|i'd guess|no idea|not sure)[.!?]*$/.test(n)) return true;
  const condition = /^(?:even )?if (?:i|we|you|they|it) (?:had|were|was|ever [a-z]+ed|could)\b(.+)$/.exec(n);
  // "if we had time I'd rewrite it, but for today let's fix the parser": the work follows the wish.
  const after = /,? but (.+)$/.exec(n)?.[1] ?? "";
  const ask = /^(for (now|today|this)|let's|lets|just|please|today)\b/.test(after);
  return condition !== null && modal.test(condition[1] as string) && !ask;
}

/** The speaker's own burden or belief, not an ask: "every time I must restart it by hand", "the linter yells
 * that I should never use any", "I swear this test must be haunted". */
export function isSpeakersLot(n: string): boolean {
  if (/^(i swear|i bet|i guess|i'm (pretty )?sure|surely)\b.*\b(must|has to) be\b/.test(n)) return true;
  const modals =
    n.match(
      /\b([a-z']+) (?:(?:always|never|still|just) )?(?:must|should|have to|has to|had to|can never|can't ever)\b/g,
    ) ?? [];
  return modals.length > 0 && modals.every((m) => m.startsWith("i ")) && !/\byou\b/.test(n);
}

/** A quote the user makes their own: 'the client said "no cookies without consent", so that's a hard
 * requirement'. A quote asked about, mocked or only reported stays a quote. */
export function endorsesQuote(n: string): boolean {
  const quoted = /"[^"]{3,}"|“[^”]{3,}”/;
  const outside = n.replace(new RegExp(quoted.source, "g"), " ");
  // "my manager forwarded this from the privacy officer: \"cookies may only be set after opt-in…\"": passed on.
  const forwarded =
    /\b(forwarded|relayed|passed on|sent (us|me))\b[^"“]{0,60}:\s*["“]/.test(n) && RULE_IN_QUOTE.test(n);
  return (quoted.test(n) || forwarded) && !isQuestion(n) && (OBLIGATION.test(outside) || forwarded);
}

const RULE_IN_QUOTE = /["“][^"”]*\b(must|may only|only|never|always|should|shall|not allowed|required)\b/;

/** Praise or agreement said so that it means the opposite: "oh sure, …", "yeah, because …". */
export function isIronic(n: string): boolean {
  return (
    /^(oh (sure|great|yeah|wonderful|perfect)|(yeah|sure),? because|great,? so now|yeah,? right)\b/.test(n) ||
    // "yeah sure, let's just upgrade everything every friday, what could go wrong".
    /\bwhat could (possibly )?go wrong\b|^(yeah|sure),? (sure,? )?(let's|lets) just\b/.test(n) ||
    // "…, unless you enjoy weekend pager duty", "real programmers must …, obviously /s": sarcasm marked as such.
    /\bunless you (enjoy|like|love|fancy)\b|(^|\s)\/s[.!]*$/.test(n)
  );
}

/** Markers of a laugh or a sigh, taken out to see whether an earnest ask is left. */
const LAUGH_MARK =
  /\b(?:haha+|hehe+|lol|lmao|rofl|jk|tbh|ugh+|argh+|meh|sigh|seriously|honestly|for real|real talk|though|whatever|joking aside|jokes? aside|i know|i'm paranoid)\b|[\u{1F300}-\u{1FAFF}]\uFE0F?|(?:^|\s)(?::\)|:d|;\)|:p|xd)(?=\s|$)/gu;
/** The speaker addressing themself or joking about themself: no ask of the assistant. */
const SELF_ADDRESSED = /\b(note to self|let me|trust me|let anyone|trust anyone|trust a)\b/;
/** A laugh after the words, with nothing saying they are meant: the sentence laughs at itself ("never deploy
 * at full moon, haha"); a laugh that opens the message answers what came before ("lol ok, but don't …"). */
function laughsAtItself(n: string): boolean {
  const earnest = /\b(seriously|for real|joking aside|jokes? aside|real talk|i mean it|no joke|but)\b/;
  // "no driver shall sing along to the radio, said nobody ever", "…, joking": the words disowned as they end.
  if (/, (said (nobody|no one) ever|(just )?(joking|kidding))[.!]*$/.test(n)) return true;
  // "all boats must be unsinkable, obviously": a duty no one could mean, shrugged off as it ends.
  if (/, obviously[.!]*$/.test(n) && /\b(must|should|always|never)\b/.test(n)) return true;
  // "always run away from the farrier's bill, that's my motto": the speaker's own saying, not a rule of the work.
  if (/, (that's|that is) (my|our) (motto|philosophy|mantra)[.!]*$|\bwords to live by\b/.test(n)) return true;
  // "don't touch the billing cron, it's held together by prayer lol": the laugh is on the reason, not the ask.
  const head = n.split(", ")[0] as string;
  const reason = n
    .slice(head.length + 2)
    .replace(/\b(haha+|hehe+|lol|lmao|rofl|jk)\b[.!]*/g, "")
    .trim();
  if (head !== n && ASK_START.test(head) && reason.split(" ").length >= 3) return false;
  return (
    /(\b(haha+|hehe+|lol|lmao|rofl|jk|ha ha|joking|just kidding|kidding)|, ha)[.!]*$/.test(n) &&
    !earnest.test(n)
  );
}

/** Openers of an ask once fillers are gone: a prohibition, "no" + noun, a standing "always"/"keep". */
const ASK_START =
  /^(?:(?:just|please|pls|so|then|but|and|still|anyway|now|from now on|this time|fine|ok|okay|yes|yeah)[,:]?\s+)*(never(?! (?:have|had|has|did|do|does|was|were|is|am|would|could) (?:i|we|you|they|he|she|it)\b)|don't|do not|dont|no [a-z]+|avoid|stop|always [a-z]+|keep|leave|make sure|ask me|stay|stick)\b/;
const FILLER = /^(?:(?:just|please|pls|so|then|but|and|still|anyway|fine|ok|okay|yes|yeah)[,:]?\s+)+/;

/** The earnest ask left in a sentence that laughs, sighs, vents or tells the past, or null when none is left:
 * clauses that vent or narrate are dropped, laugh and sigh markers removed, and a clause must remain that asks
 * (an imperative or a prohibition; with `standing`, only one that holds from now on: "so always pin versions",
 * not "so be careful"). */
export function earnestAsk(
  n: string,
  narrates: (clause: string) => boolean,
  standing = false,
): string | null {
  if (SELF_ADDRESSED.test(n) || laughsAtItself(n)) return null;
  const clauses = n
    .replace(LAUGH_MARK, " ")
    .split(/\s*(?:[,;:]|\.\s|\s—\s|\s-\s|\b(?:but|so|because)\b)\s*/)
    .map((c) =>
      c
        .replace(/\s+/g, " ")
        .replace(/[.!]+$/, "")
        .trim(),
    )
    .filter((c) => c.split(" ").length >= 2 && !VENT.test(c) && !narrates(c));
  const asks = clauses
    .filter(
      (c) =>
        ASK_START.test(c) ||
        (!standing && (isImperative(c) || looksImperative(c))) ||
        // "the pipeline has to stay green": a thing bound by a modal, whoever sighs around it.
        (!standing &&
          /^(the|our|every|all|each) (?![a-z0-9 _.-]*\b(say|says|said|will|would|think|thinks|thought)\b)[a-z0-9 _.-]{2,30} (must|has to|have to|needs to|may not|must not|cannot|can't|should never|should not|shouldn't) [a-z]/.test(
            c,
          )),
    )
    .map((c) => c.replace(FILLER, ""));
  return asks.length > 0 ? asks.join(", ") : null;
}
