// Goal statements by what the sentence does. "stated": the session's aim said as such ("Today's objective: …",
// "What we're doing: …", "New plan: …", "help me build …"); it replaces any earlier goal. "intent": a wish to do
// one piece of work ("I want to add a log line", "help me fix this typo"); it sets the goal only when there is
// none yet, like the first task request. A pivot ("Different task now.", "scrap the lint stuff.") carries no
// goal itself: the sentences after it in the same message are the new goal. Inputs are normalized lowercase.

import { BASE_VERB } from "./clause.ts";

export type GoalStrength = "stated" | "intent";

const GOAL_NOUN =
  "(goals?|objectives?|aim|mission|focus|task|target|plan|priority|purpose|job|point|ask|request|deliverable|assignment|idea|todo|to-do|thing (i|we) (actually |really |really really )?(need|want)( to (do|get done|have))?)";
const WHEN =
  "( today| for today| this (session|week|sprint|work)| the (sprint|day|week)| all this| this work)";
const GOAL_LABEL = new RegExp(
  `^((today|this week|for today|now),? )?(so |ok |okay )?(the |our |my |main |new |big |first |next |current |real |actual |top |urgent |today's |todays |this session's |session |sprint |the new |the main )*${GOAL_NOUN}( for| of)?${WHEN}?( here| today| this week| now)?( is( now)?( to| that)?|:|,| —| -|=|->| = | -> )`,
);
/** Conventional labels of a piece of work ("fix: search returns dupes", "feature: …") with at least two words. */
const WORK_LABEL = /^(fix|bug|feat|feature|task|ticket|chore|todo|need|wish|want)\s*[:=]\s*\S+ \S+/;
/** A heading naming the time the work is for ("Today:", "By Friday:"), with the goal in the lines after it. */
const TIME_HEADING =
  /^(today|tonight|this (week|session|sprint)|for today|by (the end of )?[a-z]+day|by tomorrow)\s*:(\s*$|\s+\S+ \S+)/;
const STATED = [
  /^what (we're|we are|i'm|i am) (doing|after|building|working on)\b/,
  /^what (i|we) (want|need|'d like)( to (accomplish|achieve|build|get|have|ship))?( (by|for|before|today|this|at)\b[^:]{0,30})?( is\b|:)/,
  /^what (i|we) want (to (accomplish|achieve|build|get)|by the end)\b/,
  /\bwhat matters (now |most |today |here )*is\b/,
  /^here's what (i|we) want\b/,
  /^let me explain what (i|we) want\b/,
  /^this (session|conversation|work) is (about|for)\b/,
  /^we're here to\b|^we are here to\b/,
  /^(change of plans?|new direction|new plan|switch(ing)? gears|scrap that|change of direction|big picture|next big thing|moving on|next up|different task|new task|on to)\b/,
  /^(now )?(let's|lets|we) (switch|move on|turn|move over) to\b|^(now )?switching to\b/,
  /^(forget|scrap|park) (the|about the|that|this) [a-z0-9 -]+, (the|we|let's|now|our|this|there)\b/,
  /\b(that's|this is|it's|which is) (more important|more urgent|the priority|top priority|the real problem)\b/,
  /^(i'm|i am|we're|we are) trying to (get|make|build|fix|figure)\b/,
  /^(we're|we are|i'm|i am) (building|writing|creating|making|porting|migrating) (a|an|the|our|my)\b/,
  /^(today|this session|this week),? (we are|we're|i want|i'd like|i need|we need|we will|we'll|i will|i'll)( going)?( to)?\b/,
  /^(this session|today) (i|we) (want|need|would like)\b/,
  // A user story: "as an admin i want to …, so that …".
  /^as (a|an|the) [a-z0-9' -]{2,40},? (i|we) (want|need|would like|'d like)\b/,
  // The work the session is on, named as such: "we're still on the reconnect logic", "… that's what we work on now".
  /^(we're|we are|i'm|i am) ((still |now )?(working on|busy with|focused on|focusing on)|(still|now) on) (the|a|an|our|my|this|that)\b/,
  /\b(that's|that is|this is|is) what (we|i) (work|are working|'re working|focus|are focusing|'re focusing) on( now| today| next)?\b/,
  /^(the )?(priorities|priority|plans?) (changed|have changed|has changed|shifted|have shifted)\b/,
];
/** Verbs whose object is a whole piece of work; an intent phrase with one of them states the session's aim. */
const PROJECT_VERB =
  "(build|create|migrate|port|upgrade|set up|implement|design|ship|introduce|automate|convert|rewrite|replace|refactor|move|make a tool|make a script|make an app)";
/** Any other base verb: a wish to do one step ("i want to rename …", "help me read this"). */
const STEP_VERB = `(${BASE_VERB}|see|understand|learn|explore|figure out|find out)`;
const INTENT = (verb: string) => [
  new RegExp(
    `^(i need you to |can you |could you |would you |please )?help me (to )?${verb}\\b|\\bif you could help (me|us) (to )?${verb}\\b`,
  ),
  new RegExp(
    `^((hi|hello|hey),? )?(i|we) (want|would like|'d like|need|must)( that you| you)?( to)? (help (me|us) )?(to )?((finally|quickly|also|just|really|now|first|still|actually) )?${verb}\\b`,
  ),
  new RegExp(`^(i'd|i would|we'd|we would) like (that you |you to )?(help (me|us) )?(to )?${verb}\\b`),
  new RegExp(
    `\\b(and )?(i|we) (would |'d )?(need|want)( to)? ${verb} (a|an) (tool|script|app|service|bot|cli|library)\\b`,
  ),
  new RegExp(`^((hi|hello|hey),? )?(i|we) (would|'d) need (to )?(you to )?${verb}\\b`),
];
/** Verbs of a one-off change: "we need to get rid of moment.js" asks for work, it sets no standing rule. */
const ONE_OFF =
  /^((hi|hello|hey),? )?((i|we) )?(really )?(need|must|have|gotta|got|should|ought)( to)? ((get rid of|remove|add|fix|build|create|make|migrate|replace|move|upgrade|implement|rewrite|refactor|ship|finish|investigate|find|figure out|port|convert|set up|clean up|delete|split|speed up|kill|rip out|introduce|automate|understand|learn) .*)$/;
/** The clause of a one-off change asked with a modal of need ("get rid of moment.js, it's 300kb"), or null. */
export function oneOffChange(n: string): string | null {
  const m = ONE_OFF.exec(n);
  return m ? (m[8] as string) : null;
}

/** "i'd like some help setting up playwright": a wish for help with a piece of work. */
const HELP_WITH =
  /^((i|we)('d| would)? (like|need|want|could use) )?(some |a bit of |a little )?help (with (the|our|my|a|an|this|setting|getting|making|writing|building|fixing|moving|migrating)\b|[a-z]+ing\b)/;

/** A new thing wished for ("i would need a script who compresses the logs"): the session builds it. */
const WANTED_THING =
  /^((hi|hello|hey),? )?(i|we)('d| would)? (really )?(need|want|like|love) (a|an) (new )?(tool|script|app|service|bot|cli|library|command|page|endpoint|job|cron job|dashboard|report|plugin|extension|feature|workflow|pipeline|form|function|module|component|api)\b/;
/** A deadline: "by next week", "before the launch". */
const DEADLINE =
  /\b(by (next|this|the end of|end of|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|eod|eow|q[1-4]|\d)|before (the )?(launch|release|demo|review|deadline|weekend|holidays?))\b/;
/** "my manager wants the onboarding emails translated by next week": work passed on with a deadline, not a rule. */
export function isAssignment(inner: string): boolean {
  return DEADLINE.test(inner) && /^(the|our|this|my|that|a|an) [a-z0-9 ./'-]{2,60} [a-z]+ed\b/.test(inner);
}

/** An outcome wished for with no verb of its own ("need the staging deploy fixed asap"). */
const WANTED_STATE =
  /^((i|we) )?(really )?(need|want) (the|our|this|my|that) [a-z0-9 ./'-]{2,60} (fixed|done|working|sorted|finished|merged|shipped|deployed|green|running|updated|migrated|removed|gone|faster|cleaned up|back up)\b/;
const PROJECT_INTENT = INTENT(PROJECT_VERB);
const STEP_INTENT = INTENT(STEP_VERB);

/** A sentence that only announces a change of goal: the new goal follows it. */
const PIVOT =
  /^((ok|okay|right|alright),? )?((scrap|forget|drop|park|pause) (that|this|it|the [a-z0-9 -]{1,40}?)( stuff| thing| work| idea| part)?( for now| for a moment| for a bit)?|different task( now)?|new task|change of plans?|new plan|switching gears|switch gears|moving on|next up|something else|(the )?(priorities|plans?) (changed|have changed|shifted))[.!:]*$/;

/** How strongly the sentence states the session's goal, or null when it states none. */
export function goalStrength(n: string): GoalStrength | null {
  if (/\?$/.test(n)) return null;
  if (GOAL_LABEL.test(n) || WORK_LABEL.test(n) || TIME_HEADING.test(n) || STATED.some((re) => re.test(n)))
    return "stated";
  if (PROJECT_INTENT.some((re) => re.test(n)) || WANTED_THING.test(n)) return "stated";
  if (STEP_INTENT.some((re) => re.test(n)) || WANTED_STATE.test(n) || ONE_OFF.test(n) || HELP_WITH.test(n))
    return "intent";
  return null;
}

/** "need the staging deploy fixed asap": a one-off outcome, never a standing rule about the thing named. */
export function wantsOutcome(n: string): boolean {
  return WANTED_STATE.test(n);
}

export function isGoalStatement(n: string): boolean {
  return goalStrength(n) !== null;
}

/** "Different task now.", "ok scrap the lint stuff.": the goal is in the sentences after it. */
export function isGoalPivot(n: string): boolean {
  return PIVOT.test(n);
}
