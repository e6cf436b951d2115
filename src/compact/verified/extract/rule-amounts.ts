// Rules said as amounts of the business: a bound after or before its figure ("200 chars max", "a booking is 2 hours
// minimum", "11pm latest", "the minimum is always six", "no higher than 1200 mm"), a quota opening its clause ("six
// jobs a day"), a price or share per unit ("£15 an hour", "15% from each fare", "one waiter per 12 guests"), a price
// in words ("children under twelve are half price", "charged in full"), a figure fixed by someone ("we cap each
// session at eight bikes"), and a term counted in time ("balance due 14 days before the event", "by the fifth working
// day of each month"). Read by the shape of the figure, not the topic; the caller has already set aside
// questions and imagined cases. Inputs are normalized lowercase clauses.

import type { StatedRule } from "./rule-statements.ts";

const NUMBER_WORD =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|a hundred|half|once|twice";
/** A figure with up to two words of unit: "2 hours", "11pm", "20 a day", "£3.20", "five". */
const FIGURE = `(?:[£$€]\\s?\\d[\\d.,:]*|\\d[\\d.,:]*\\s?(?:%|p|k|am|pm|h|m|s|kg|km|gb|mb)?|${NUMBER_WORD})(?: (?:a |an |per )?[a-z]+){0,3}`;
/** "… max", "… at the latest", "30 min, nothing shorter": the bound said after the figure. */
const BOUND_AFTER = new RegExp(
  `(?:^|[ (])${FIGURE}(?: (?:max|maximum|minimum|at most|at least|tops|latest|at the latest|earliest|at the earliest|or less|or fewer|or under|is the (?:limit|max|maximum|minimum|cap|floor|ceiling))|,? (?:and )?(?:nothing|no) (?:more|less|fewer|shorter|longer|later|earlier|higher|lower|bigger|smaller)(?=[.,;!]|$))`,
);
/** "floor 50p", "cap of 12", "ceiling is 40": the bound named before its figure. */
const BOUND_BEFORE = new RegExp(
  `^the (minimum|maximum) [a-z ]{2,40} is [£$€]?\\d|\\b(floor|ceiling|cap)( is| of|:)? ([£$€]\\s?)?\\d|^(the |total )?(cap|limit|maximum|minimum|floor|ceiling|capacity) is (the|a|an|\\d+)\\b|\\b(the )?(minimum|maximum|limit|cap) is (always )?(\\d+|${NUMBER_WORD})\\b|\\b(minimum|maximum) [a-z]+( [a-z]+)? of \\d|(^|\\ba )(maximum|minimum) of (\\d+|${NUMBER_WORD})\\b|\\bno (higher|more|longer|bigger|larger|lower|less|fewer|shorter|wider|heavier|later|earlier|smaller|narrower|lighter|older|younger) than (\\d+[a-z%]{0,3}|${NUMBER_WORD})\\b|\\bno (later|earlier) than (\\d|noon|midnight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|the)\\b|\\b(may|can) [a-z]+ (up to|at most|no more than|a maximum of) (\\d+|${NUMBER_WORD})\\b`,
);
/** "we cap each session at eight bikes", "the trustees have set it at £25 a month": a figure fixed by someone. */
const FIXED_AT = new RegExp(
  `\\b(caps?|capped|limits?|limited|sets?|fixed|fix|fixes) (it|them|this|that|us|each [a-z]+|every [a-z]+|the [a-z]+( [a-z]+)?) at ([£$€]\\s?\\d|\\d|${NUMBER_WORD})|\\b(caps?|capped|limits?|limited) (it|them|us|each [a-z]+|every [a-z]+|the [a-z]+( [a-z]+)?) to ([£$€]\\s?\\d|\\d|${NUMBER_WORD})`,
);
/** Money or a share: "£15", "30p", "15%", "80 euro". */
const MONEY = `(?:[£$€]\\s?\\d[\\d.,]*|\\d[\\d.,]*\\s?(?:p|%|percent|euros?|eur|pounds?|dollars?|cents?|quid|kr|chf|zł|zloty|złoty))`;
/** "£15 an hour", "30p a minute", "15% from each fare", "10% off every pulled issue", "20% off", "1.20 per parcel",
 * "25 per day". */
const RATE = new RegExp(
  `${MONEY} (?:an?|per|each|every|from each|of each|on each|off each|off every|on every|for each|for every) (?:\\d+ )?[a-z]+|${MONEY} off\\b|\\b\\d+\\.\\d\\d (?:an?|per|each) [a-z]+|^\\d+ (?:per|a) (?:day|night|week|month|year|hour|person|head|parcel|item|page|seat|ticket|stall|pitch)\\b|(?:${MONEY}|\\b(?:${NUMBER_WORD}) (?:pounds?|euros?|quid|dollars?)) flat\\b`,
);
/** "price per hour 120", "a deposit of £20", "a £50 deposit for any party", "the amount is always thirty pound": a
 * charge set at a figure. */
const CHARGE = new RegExp(
  `\\b(?:price|amount|fee|charge|rate|deposit|total)s? (?:is|are) always (?:the |a |an )?(?:[£$€]?\\d|${NUMBER_WORD}|[a-z]+ price)|\\b(?:price|rate|fee|charge|deposit|surcharge|discount|commission|fine|toll)s?(?: per [a-z]+)?(?: is| are| of|:)? (?:[£$€]\\s?)?\\d|\\b(?:an?|the) ${MONEY} (?:deposit|fee|surcharge|charge|discount|fine) (?:for|on|per|with)\\b|${MONEY} (?:fine|fee|deposit|surcharge|penalty)\\b|\\b(?:twice|double|half|(?:${NUMBER_WORD}) times) the (?:[a-z]+ )?(?:price|rate|fee)\\b`,
);
/** "one waiter per 12 guests": a count of one thing for a counted number of another. */
const RATIO = new RegExp(`^(?:[a-z]+ )?(?:\\d+|${NUMBER_WORD}) [a-z]+ per \\d+ [a-z]+`);
/** "children under twelve are half price", "late cancellations are charged in full": a price said in words. */
const PRICED =
  /\b(are|is|go|goes|travel|ride|eat|stay|enter|enters) (half[- ]price|full price|free of charge|at (half|full) (price|rate)|half off)\b|\b(are|is) (charged|billed|refunded|paid) (in full|at (half|full|double)|double|half|extra)\b|^(?!.*\b(which|what|whether|if|when|until|while)\b).*\b(are|is) free( for [a-z ]+)?( always)?([.!]*$|,)|\b(pay|pays) (nothing|half|double|full price|extra|no [a-z]+)\b|\bwe charge nothing\b|^free [a-z ]{1,30} (on|for) [a-z ]{1,30} (over|above|under|below) [£$€]?\d|\b[a-z]+ free of charge\b|\bcosts? [a-z0-9£$€.]+( [a-z]+)? to (replace|renew|reissue|reprint|change|transfer|rebook|join|enter|hire)\b/;
/** "each household may book one slot per day", "court fees are split equally between everyone": a share for each. */
const SHARE =
  /\b(may|can|gets?|is allowed to) ([a-z]+ )?(one|two|three|a single|\d+) [a-z -]{1,30} per (day|week|month|visit|season|year|session|person|member|household|family|team)\b|\b(is|are) (split|shared|divided) (equally|evenly)\b/;
/** "piercings allowed from 16": the age or figure from which a thing is allowed. */
const ALLOWED_FROM = /\b(allowed|permitted) (from|over|under|above|below|at) (age )?\d+/;
/** "six jobs a day for full-timers", "ops says two courses a week": a quota opening the clause. */
const QUOTA = new RegExp(
  `^(?:(?:the |our )?[a-z]+ (?:says|said|wants|allows|is|are) )?(?:\\d+|${NUMBER_WORD}) [a-z]+(?: [a-z-]+)? a (?:day|week|month|night|shift|session|term|season|weekend)\\b`,
);
/** "due 14 days before the event", "only possible until 30 days before", "uploaded within 48 hours of the session
 * ending": a term counted in time from an event that comes again. */
const TERM =
  /\b(kept|stored|retained|held|archived) for (\d+|one|two|three|five|six|seven|ten|twelve) (days|weeks|months|years)\b|\b(bookings?|sign-?ups?|entries|orders?|registrations?|applications?|packing|voting|nominations|submissions|requests|enrol?ments?)\b[a-z -]{0,30}? (open|opens|close|closes|shut|shuts)( on)?( [a-z]+day| weekdays| weekends)? (at|by) (\d|noon|midnight)|\bby the (first|second|third|fourth|fifth|tenth|\d+(st|nd|rd|th)|last) (working |business )?day of (each|every|the) (month|week|quarter|term)\b|\b(within|no later than) (\d+|one|two|three|four|five|six|seven|ten|fourteen|thirty) (working |business )?(minutes?|hours?|days?|weeks?) (of|after|from) (the|a|an|each|every|their|its) [a-z]+|\b(due|valid|possible|allowed|refundable|refunded|payable|paid|closes?|expires?|lapses?|locked)( only)?( back)? (within|until|up to|after|before|by|no later than|for) (\d+|one|two|three|four|five|six|seven|ten|fourteen|thirty) (working |business )?(minutes?|hours?|days?|weeks?|months?|years?)\b|\b(due|payable|expires?|lapses?|opens?|closes?)( only)? (\d+|one|two|three|seven|ten|fourteen|thirty) (minutes?|hours?|days?|weeks?|months?|years?) (before|after|from|ahead|in advance)\b/;
/** Time of now or of the past: the figure describes how things stand or stood, not how they are to be. */
const DESCRIBES =
  /\b(problem|was|were|used to|had|did|took|takes|(?<!\b(?:is|are|be|get|gets|as) )(?:paid|charged)|spent|cost us|too (?:much|expensive|high|low|cheap)|currently|right now|at the moment|today|these days|so far|last (year|month|week|time)|back in|about|around|roughly|approximately|nearly|almost|which costs?|the old|old one|anymore|already)\b/;

/** The rule an amount states, or null. */
export function amountRule(c: string): StatedRule | null {
  if (DESCRIBES.test(c) || /\?\s*$/.test(c)) return null;
  if (
    BOUND_AFTER.test(c) ||
    BOUND_BEFORE.test(c) ||
    QUOTA.test(c) ||
    FIXED_AT.test(c) ||
    ALLOWED_FROM.test(c)
  )
    return { kind: "constraint", cue: "amount limit" };
  if (RATE.test(c) || CHARGE.test(c) || RATIO.test(c) || PRICED.test(c) || SHARE.test(c))
    return { kind: "constraint", cue: "amount rate" };
  if (TERM.test(c)) return { kind: "constraint", cue: "amount term" };
  return null;
}
