// The words a goal is stated with: labels ("Today's objective: …", "fix: …"), a ticket's ask, a time heading,
// and the frames that name the aim as such ("what we're doing is …", "definition of done: …"). Read by goal.ts.
// Inputs are normalized lowercase.

import { BASE_VERB } from "./clause.ts";

const GOAL_NOUN =
  "((first )?order of business|hope|dream|wish|(desired |end )?(outcome|result)|end (state|goal)|priority (number )?(one|1)|goals?|objectives?|(the )?(main|big|only|real|actual|urgent|most urgent) thing|thing(?= (for today|today|this week))|scope|aim|mission|focus|task|target|plan|priority|purpose|job|point|ask|request|deliverable|assignment|idea|todo|to-do|thing (i|we)( actually| really| really really)?( need| want|'d like| would like)( to (do|get done|have|finish|fix|build|walk away with|come away with|leave with|get out of (this|today)))?|(next |first |big |main )?thing on (my|our|the) (list|plate)|(outcome|result|end state|end goal|thing) (i'm|we're|i am|we are) (after|looking for|hoping for|going for)|thing (we're|i'm|we are|i am) (fixing|building|doing|working on|after)|(user )?story|epic|work( item)?|scope|things to do|to-?dos|agenda|checklist|tasks)";
const WHEN =
  "( today| tonight| for today| today's (session|work)| this (session|week|sprint|work|morning|afternoon|evening|pr|job|project|app|exercise|change)| the (sprint|day|week|morning|afternoon|evening|rest of the day)| all this| this work| for now)";
/** "End result I want:", "the outcome I'm after is": the speaker's own wish named on the label. */
const WANTED_BY =
  "( (i|we)( really| most)?( want| need|'m after| am after|'re after| are after|'m hoping for|'re hoping for| hope for|'d like| would like)( (out of|from) (this|today|the session))?)";
/** "mi objetivo is to …", "mon objectif:": the aim named in the speaker's first language. */
const OTHER_TONGUE_AIM =
  "(mi|el|nuestro) objetivo|mon objectif|notre objectif|mein ziel|unser ziel|il mio obiettivo";
export const GOAL_LABEL = new RegExp(
  `^((today|this week|for today|now|(for|in) this (session|week|sprint)),? )?(so |ok |okay )?(${OTHER_TONGUE_AIM}( is( to)?|:)|((this|that|here) is |here's |that's )?(the |our |my |your |main |new |big |first |next |current |real |actual |top |urgent |today's |todays |tonight's |this (session|morning|afternoon|evening|week|sprint)'s |session |sprint |the new |the main |whole |season |term |year |month |spring |summer |autumn |winter )*${GOAL_NOUN}( for| of)?${WHEN}?( for (you|us|me))?( here| today| this week| now)?${WANTED_BY}?( is( now)?( to| that)?|:|,| —| -|=|->|→| = | -> | → ))`,
);
/** Conventional labels of a piece of work ("fix: search returns dupes", "feature: …") with at least two words. */
export const WORK_LABEL =
  /^(fix|bug|feat|feature|task|ticket|chore|todo|need|wish|want|story|user story|epic|issue)( #?[a-z]*-?\d+)?\s*[:=]\s*\S+ \S+/;
/** The work named by a ticket the user points at ("ticket PAY-231: …", "the ticket says …"): the session's aim, even
 * when the sentence reads like a quote. */
export const WORK_SOURCE =
  /^((the|this|that|my|our) )?(ticket|issue|story|user story|card|jira|epic|bug report|task)( #?[a-z]*-?\d+)?( (says?|reads?|asks? for|is about|wants?|describes?|boils down to))?\s*[:,]?\s+\S+ \S+ \S+/;
/** "ticket hr-88 asks for …", "the ticket says we need …": what a ticket asks is the work. */
export const WORK_ASKS =
  /^((the|this|that|my|our) )?(ticket|user story|story|card|jira|epic)( #?[a-z]*-?\d+)? (says|asks for|wants|is asking for|boils down to)\b( that)? (we|the|a|an|users?|customers?|[a-z]+s) \S+ \S+/;
/** A heading naming the time the work is for ("Today:", "By Friday:"), with the goal in the lines after it. */
export const TIME_HEADING =
  /^(today|tonight|this (week|session|sprint)|for (today|this (week|sprint|session))|by (the end of )?[a-z]+day|by tomorrow)\s*(:(\s*$|\s+\S+ \S+)|,\s+(the|a|an|our|my) \S+ \S+ \S+)/;
export const STATED = [
  // "first the timezone display, then the no-show flow": the order of the work, which is the work.
  /^first,? (the |our )?[a-z0-9' -]{3,40}, then (the |our )?[a-z0-9' -]{3,40}[.!]?$/,
  /^what (we're|we are|i'm|i am) (really |actually |mostly )?(doing|after|building|working on)\b|^what (we|i) (do|build|make) (today|this (session|week|afternoon|morning))\s*:/,
  /^(so )?what (i'm|we're|i am|we are) (really |actually )?hoping for is\b/,
  /^(so )?what (i'm|we're|i am|we are) (really |actually )?hoping to (have|get|see|ship|finish)( [a-z0-9'-]+){0,4} is\b/,
  /^what (i|we)( really| actually| most)?( want| need|'d like| would like|'d love| would love| hope)( (you|us) to do| to [a-z]+( (away|out))?( with| from| out of)?)?( (by|for|before|today|tonight|this|at|from|out of)\b[^:]{0,30})?( is\b|:)/,
  // "what would make my day is …", "the thing i most need out of this is …".
  /^what would (make (my|our) (day|week)|make me (happy|very happy))\b|^the (one )?thing (i|we)( most| really)? (need|want)( (out of|from) [a-z ]{2,20})? is\b/,
  /^what (i|we) want (to (accomplish|achieve|build|get)|by the end)\b/,
  // "what we're working towards is …", "we're aiming for …", "project for the weekend: …", "i want to end today with …".
  /^what (we're|we are|i'm|i am) (working towards?|aiming for|aiming at) is\b|^(we're|we are|i'm|i am) (working towards?|aiming for)\b|^project( for (today|tonight|the weekend|this week|the week|(the|this) (winter|summer|spring|autumn|term|month|year|season)))?\s*:|^the thing (i'm|we're|i am|we are) trying to (fix|solve|sort( out)?|change) is\b|^(the|our) (aim|goal|focus|job) (this|for this|for the) (week|month|term|season|year|sprint) is\b|^(i|we) want to (end|finish) (today|the day|this session|the session|the week) with\b/,
  // "so no leaderboard; instead she wants a simple counter …", "put a recipe link on the confirmation instead": the
  // work put in place of the plan before.
  /^(so )?(no [a-z -]{2,30}[;,] )?instead,? (she|he|they|we|i|the [a-z]+) (now )?(wants?|needs?|'d like|would like)\b/,
  new RegExp(
    `^.{10,}?(, so |; |, )(just )?(${BASE_VERB}) (a|an|the|our|my|some) [a-z0-9 ./'-]{3,60}? instead[.!]*$`,
  ),
  // "the landlord wants the urgent flag first": someone puts a piece of work ahead of the plan.
  /^(the |our |my )?[a-z]+ (now )?(wants|needs) (the |a |an |our )?[a-z0-9 ./'-]{2,50}? first[.!]*$/,
  // "more urgent is the substitute list", "please first make shelf locations, and search can wait": work put ahead
  // of the plan.
  /\bmore urgent (now )?is\b/,
  new RegExp(`^(so )?(please )?first (${BASE_VERB})\\b.*, (and )?[a-z ]{2,30} can wait[.!]*$`),
  // "what i actually want first is …", "what we need instead is …": the work put in place of the plan before.
  /^what (i|we)( really| actually| now| most)*( want| need|'d like| would like)( first| instead| now| most)? is\b/,
  // "the thing i need is …", "what i'm after is …" inside a dictated run-on.
  /^(the|one) thing (i|we) (really )?(need|want) is\b|^what (i'm|i am|we're|we are) after is\b/,
  // "ideally, by the end of today we'd make the kiosk usable with a screen reader".
  /^(ideally,? )?by the end of (today|the day|the week|this session|the session|the sprint),? (i|we)('d| would| want to| need to| should)? [a-z]{3,} (the|our|a|an|this|it)\b/,
  /^what (i|we)('d| would) (really |most |actually )?(like|love|want)( to (see|have|get|do)( done)?( today| first)?)? is\b/,
  /\bwhat matters (now |most |today |here )*is\b/,
  /^here's what (i|we)( really| actually)?( want|'d like| would like| need|'m after| am after|'re after| are after)\b/,
  // "i'd like to spend this session getting the cold start under two seconds": the time given to one piece of work.
  /^((today|so),? )?(i'd|i would|we'd|we would|i want to|we want to|let's|lets) (like to |love to )?spend (this|the|our|today's|my) (session|time|afternoon|morning|evening|day|hour|sprint)( together| today| here)? [a-z]{3,}ing\b/,
  // "what i'd like to come out of today with is …", "what i'm hoping we end up with is …": the result wanted.
  /^what (i|we)('d| would| am| 'm|'m| are|'re)? ?(like|love|want|hope|hoping|need)( (we|you) (can |could |will )?| to )(end up with|come out of [a-z' ]{2,30} with|walk away with|leave with|have at the end)\b/,
  // "definition of done for today: …", "success looks like: …": the work named by what finishes it.
  /^((the|our|my) )?(definition of done|success criteria|done criteria|exit criteria)( for [a-z' ]{2,30})?\s*:|^(success|done|finished|winning) (looks like|means|is when|= )\s*:?\s*\S+ \S+/,
  // "getting password reset working again is the only thing that matters now".
  /\bis (now )?(the only thing|all|what) that (really )?matters( now| today| here| this week)?[.!]*$/,
  // "the changelog generator crashes on merge commits, that's what matters today": the aim named by pointing back.
  /, (that's|that is|this is|which is) (what|all that|the only thing that) (really )?matters( most)?( now| today| here| this week)?[.!]*$/,
  // "• we're adding sso to the wiki (that's today's work)": a line named as the aim in brackets.
  /\((that's |this is |it's |that is )?(today's|todays|this session's|this week's|the session's|our|the main|the) (job|work|task|goal|focus|aim|mission|priority)( for today| today)?\)/,
  /^let me explain what (i|we) want\b/,
  /^this (session|conversation|work) is (about|for)\b/,
  /^(we're|we are|i'm|i am) here to\b/,
  // "what needs doing today is …", "today i'm after a cleaner error page", "next on my list is …".
  /^what (needs|has) (doing|to get done|to be done)\b|^what (i|we) need (done|doing)\b/,
  /^((today|now|so|right),? )*(i'm|we're|i am|we are) (really |mostly )?after (a|an|the|some|one)\b/,
  /^(next|first|top) (up )?on (my|our|the) (list|agenda|plate)( today| this week)?\s*(is|:)/,
  /^((change|switch) (of|in) (plans?|scope|direction|priorities|priority|focus)|priority change|new direction|new plan|switch(ing)? gears|scrap that|scratch that|change of direction|big picture|next big thing|different task|new task)\b|^(moving on|next up|on to)\b(?![.!]*$)/,
  /^(now )?(let's|lets|we) (switch|move on|turn|move over) to\b|^(now )?switching to\b/,
  /^(forget|scrap|park) (the|about the|that|this) [a-z0-9 -]+, (the|we|let's|now|our|this|there)\b/,
  // "never mind the docs, qa just found that uploads fail": the old work dropped, the news after it is the new work.
  /^(never ?mind|forget( about)?|scrap|scratch|park|drop|skip) (the|that|this|those|these|our|my) [a-z0-9 -]{1,40}?( for now)?, ([a-z]+ (just )?(found|noticed|reported|flagged|spotted|says)|(i|we) (need|have|must|want)|there's|there is|something|prod|production)\b/,
  // A pull request's or a branch's description: "this pr should add rate limits to …".
  /^(this|the|my|our) (pr|pull request|mr|merge request|branch|change|patch|changeset) (should|will|needs to|is going to|is meant to|is supposed to|aims to|is to|must) (add|fix|implement|introduce|build|create|migrate|move|port|replace|remove|refactor|rewrite|make|speed up|support|enable|allow|let|switch|split|upgrade|update|clean up)\b/,
  // "let's drop the charts for now and focus on the csv import".
  /^(let's|lets|we'll|we will|i'll) (drop|park|pause|forget|skip|leave|shelve) [a-z0-9 -]{1,40}?( for now| for a bit)? and (focus on|switch to|move to|move on to|work on|do)\b/,
  // "now for the bigger thing: …", "on to the real problem:".
  /^(now )?(on to |onto |for |to )?the (bigger|biggest|big|real|main|next|important|harder|hard|actual) (thing|part|one|task|problem|piece|job|fish)( now| today)?\s*(:|is\b)/,
  /^(bigger|biggest|more urgent|real|actual) (thing|problem|issue|fish|priority)( now| today)?\s*:/,
  /^(something )?((much |even |far |way )?(more important|more urgent)|top priority|priority one|first priority)( first| now| today)?\s*:/,
  /^(urgent|asap|emergency|hotfix|incident|outage|p0|p1|sev ?[12])\s*[:!—-]+\s*\S+ \S+/,
  /\b(that's|this is|it's|which is)( now)? ((more important|more urgent)(?! than)|the priority|top priority|the real problem)\b/,
  // "fixing that regression is the priority now": the work named as the priority.
  /^[a-z]{3,}ing (that|this|it|the [a-z0-9 -]{2,40}?) is (now )?(the|our|my|top|today's) (priority|focus|task|job|goal)\b/,
  // "marketing needs the a/b test live by tonight, that comes first".
  /\b(that|this|it) (comes|goes) first\b|\b(that|this|it) (takes|has) priority\b/,
  /^(i'm|i am|we're|we are) trying to (get|make|build|fix|figure)\b/,
  // "what i'm trying to get to is a seating chart that prints on one page": where the work is headed.
  /^(after all that,? |so,? |ok,? )?(the|our) (new |revised )?plan is (now )?to [a-z]/,
  // "changing course a bit, we now want a waiting list instead of a calendar": the new aim after a turn.
  /^(changing course|change of course|new direction|slight change of plan)( a bit| slightly)?,? (we|i) (now )?(want|need|'d like|would like)\b/,
  /^(my|our) (task|job|aim|goal)( for [a-z' ]{2,30})?( today| this week| this afternoon)? is\b/,
  /^(so )?what (i'm|im|i am|we're|we are) (trying to get to|trying to get|aiming for|after|working towards?) is\b/,
  // "the thing we need working is fare quotes for the airport runs".
  /^the (one )?thing (i|we) (really )?(need|want) (working|done|fixed|built|sorted|finished) is\b/,
  /^(we're|we are|i'm|i am) (building|writing|creating|making|porting|migrating) (a|an|the|our|my)\b/,
  /^(today|this session|this week|this sprint|this month|this quarter|this (morning|afternoon|evening|term|season|ramadan|summer|spring|autumn|winter|christmas|easter|year)),? (i'm hoping to|we're hoping to|we are|we're|i'm|i am|i want|i'd (really )?like|i'd (really )?love|we'd (really )?like|i need|we need|we will|we'll|i will|i'll|let's|lets|we must|i must)( going)?( to)?\b/,
  // "so what i'd like us to achieve today is …", "the thing to deliver by friday is …".
  /^(so )?what (i|we)('d| would) (really |most )?(like|love) (us |you )?to (achieve|accomplish|build|get done|deliver|ship|have)\b/,
  /^the (one )?thing to (deliver|ship|build|finish|get done|do|fix)( [a-z0-9 ]{2,30})? is\b/,
  /^(this session|today) (i|we) (want|need|would like)\b/,
  // "today we make the stock export", "this week i build the importer": a plan for the time named.
  new RegExp(
    `^(so,? )?(today|tonight|this (session|morning|afternoon|week)),? (we|i) (${BASE_VERB}|finish|work on)\\b`,
  ),
  // A user story: "as an admin i want to …, so that …".
  /^as (a|an|the) [a-z0-9' -]{2,40},? (i|we) (want|need|would like|'d like)\b/,
  // The work the session is on, named as such: "we're still on the reconnect logic", "… that's what we work on now".
  /^(we're|we are|i'm|i am) ((still |now )?(working on|busy with|focused on|focusing on)|(still|now) on) (the|a|an|our|my|this|that|getting|making|moving|putting|turning|setting up)\b/,
  /\b(that's|that is|this is|is) what (we|i) (work|are working|'re working|focus|are focusing|'re focusing) on( now| today| next)?\b/,
  /^(the )?(priorities|priority|plans?) (changed|have changed|has changed|shifted|have shifted)\b/,
  /^what (needs|has|have) to happen( here| today| now)? is\b|^what (i|we)( need| want|'d like| would like) to (happen|see|have)( here| today| now)? is\b/,
  /^what (i|we)( need| want|'d like| would like| expect) (from|out of) (this|today|the) ?(session|conversation|work|day|afternoon|morning)?\b/,
  /^what (i'd|i would|we'd|we would) (love|like) to (get out of|get done|have by the end of|finish)\b/,
  /^(we're|we are|i'm|i am) (aiming|going) for\b|^(we're|we are|i'm|i am) (aiming|hoping) to\b|^the aim is\b/,
  /^(so,? )?the big picture is( that)? [a-z]|^(tl;?dr|in short|long story short|bottom line|summary|headline( task| job| item)?( for (this|the|today|next) [a-z]+| for you| for today)?)\s*[:,-]\s*\S+ \S+/,
  // "by the end of the month the stall should take pre-orders", "cake preorders form, live by friday": the work with
  // the date it is due.
  /^by (the end of (the|this|next) (week|month|term|season|year|day)|the end of today|tonight|tomorrow|next (week|month)|(this )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)|the weekend|spring|summer|easter|christmas),? (the|our|we|i|it|members|parents|people|customers|visitors|i'd|we'd|i'm|we're) [a-z]/,
  /^[a-z0-9' -]{2,40}, (live|ready|done|up|working|out|finished) (by|before) (monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|the weekend|next week|the end of (the )?(week|month))[.!]*$/,
];

/** A short lead-in before a colon that names what the speaker is after ("goal for me:", "what i'm hoping to get out
 * of this session:", "the thing i'd like done today:"); the words after the colon state the aim. A lead-in about
 * what to keep in mind or avoid heads rules instead. */
export const AIM_LEAD =
  /^(?!.*\b(not|don't|do not|never|avoid|won't|no|rules?|constraints?|keep in mind|remember|know|note|follow|respect)\b)([a-z0-9'-]+ ){0,8}?(goals?|aim|objective|target|mission|hoping|hope|wants?|wanted|(i|we)('d| would) (like|love)|like done|need done|need doing|deliverable|outcome|end result)( [a-z0-9'-]+){0,6}$/;

/** "Photo print kiosk: payment screen rework" on the first line of a longer message: a title naming the thing and
 * the work on it. Status lines, greetings and rule headings are no title. */
const TITLE = /^([A-Za-z][\w' &/-]{1,40}?)(?::| [—–-]) ([^?:.!]{3,90}?)[.!]?$/;
const NOT_TITLE =
  /^(update|note|notes|fyi|ps|p\.s|context|background|status|question|questions|answer|error|warning|log|output|edit|re|summary|results?|hi|hello|hey|thanks|ok|okay|quick (one|question)|heads up|reminder|important|rules?|constraints?|requirements?|scope|non-negotiables?|hard limits|limits|nb|[a-z]*(error|exception|warning))$/i;

/** The title line of a message of several lines, or null. */
export function titleLine(message: string): string | null {
  const lines = message.trim().split("\n");
  if (lines.length < 2) return null;
  const first = (lines[0] as string).trim();
  const m = TITLE.exec(first);
  return m && !NOT_TITLE.test((m[1] as string).trim()) ? first : null;
}
