// Goal statements by what the sentence does. "stated": the session's aim said as such ("Today's objective: …",
// "What we're doing: …", "New plan: …", "help me build …"); it replaces any earlier goal. "intent": a wish to do
// one piece of work ("I want to add a log line", "help me fix this typo"); it sets the goal only when there is
// none yet, like the first task request. A goal may be read from a clause inside a longer sentence ("Production
// is down: new plan, find out why …"). Pivots, small talk and the other moves of a conversation are in
// goal-moves.ts. Inputs are normalized lowercase.

import { BASE_VERB, EVERY_WHEN, PAST_TIME, PAST_VERB, weighsAloud } from "./clause.ts";
import {
  AIM_LEAD,
  GOAL_LABEL,
  STATED,
  TIME_HEADING,
  WORK_ASKS,
  WORK_LABEL,
  WORK_SOURCE,
} from "./goal-labels.ts";

export type GoalStrength = "stated" | "intent";

/** "-ing" verbs that tell a state, a trouble or a habit, not work under way ("we're seeing timeouts"). */
const IDLE_ING =
  "picking|choosing|opting|standardizing|standardising|settling|betting|getting|seeing|having|using|running|hitting|experiencing|noticing|losing|looking|thinking|wondering|going|waiting|planning|trying|hoping|aiming|keeping|sticking|staying|sitting|living|paying|spending|talking|asking|saying|telling|working|doing|being|feeling|struggling|dealing|considering|reading|watching|expecting|needing|wanting|missing|stuck|seeing|facing|suffering|dropping|switching|moving on|leaving|shipping|releasing";
/** Aims said softly or by the way ("I'm hoping we can …", "Sam asked me to …", "let's see if we can …", "I want the
 * queue to scale …"): they set a missing goal, as the first task does, and replace none (mid-session they are
 * often one step). */
const SOFT = [
  // "i'd like the backend to flag sensors …": the product as the speaker wishes it, whatever the verb.
  /^(i|we)('d| would) (really |now )?(like|love)( for)? (the|our|this|my) [a-z0-9 ./'-]{2,50}? to ((?!(be|have|know|stay|keep|remain)\b)[a-z]{3,}|go (out|live|up|through|to))\b/,
  // "i'd now like a simple way for hirers to report …": a way for someone to do a thing, wished.
  /^(i|we)('d| would) (really |now )?(like|love) (a|an) ([a-z0-9 ./'-]{2,40}? )?(way|page|form|list|place|screen|button) (for|to|where|that)\b/,
  // "the chess club would like the ladder to send a monthly summary": the product as a body of the user's wishes it.
  /^(the|our) [a-z' -]{2,30} (would like|'d like|would love|'d love) (the|our|this|a|an) [a-z0-9 ./'-]{2,50}? to (?!(be|have|know|stay|keep|remain)\b)[a-z]{3,}\b/,
  // "the committee would like floodlight bookings to be cut off automatically", "our volunteers would love a simple
  // screen for logging …": a body of the user's wishing the product a way or a thing.
  /^(the|our) [a-z' -]{2,30} (would|'d) (like|love) ([a-z0-9'-]+ ){1,4}to be ([a-z]{3,}(ed|en)|cut|put|set|shut|kept|sent|held|paid|made|shown)\b|^(the|our) [a-z' -]{2,30} (would|'d) (like|love) (a|an) ([a-z0-9'-]+ ){0,3}(way|page|form|list|place|screen|button|report|view|map|tool|register|log|rota|calendar) (for|to|where|that|of|showing)\b/,
  // "we'd love the auction catalogue to be downloadable as a pdf": the product as wished, said as what it becomes.
  /^(i|we)('d| would) (really )?(like|love) (the|our|this|my) [a-z0-9 ./'-]{2,50}? to be ([a-z]{3,}able|available|visible|shown|printed|sent|emailed|exported|searchable|[a-z]{3,}(ed|en))\b/,
  // "i'd like it to remind people of game night", "i'd like to count the cells in each image": a wish for work,
  // whatever its verb; one about saying, knowing or keeping things is not the work.
  /^(basically |really )?(i|we|our [a-z0-9'-]+( [a-z0-9'-]+)?)('d| would) (really )?(like|love) (it |them |you |us |people |users |customers |clients |members |(each|every|all|our) [a-z]+ |[a-z]{3,}s )?to (be able to [a-z]{3,}\b|(?!(say|ask|know|mention|thank|point|note|be clear|clarify|think|see|hear|understand|remind you|stress|emphasi[sz]e|apologi[sz]e|confirm|check|keep|stay|avoid|make sure|ensure|start by|begin by|talk|discuss|share|explain|show you|add (that|one|a note|something))\b)[a-z]{3,}\b)/,
  // "we'd love season ticket holders at the lido to be able to book lanes": who the work serves, then what they do.
  /^(basically |really )?(i|we)('d| would) (really )?(like|love) ([a-z0-9'-]+ ){2,8}to be able to [a-z]{3,}\b/,
  /^(basically |really |ultimately |(hi|hello|hey),? )?(i|we) (want|need|'d like|would like) ((the|our|my|this|that) [a-z0-9 ./'-]{2,50}?|(them|users|customers|people|players|admins|clients|students|visitors|readers|developers|staff|teachers|drivers|members|parents|volunteers|riders|[a-z]{3,}s)( of [a-z0-9 ./'-]{2,30})?) (to (?!(be|have|know|stay|keep|remain|feel|think|understand|like|love|hate|worry|care|wait|come|go|talk|say|tell|realise|realize|always|never|only|not|just|do|get|make|take|give|put|leave|follow|stick|respect|obey|avoid)\b)[a-z]{3,}\b|to go (out|live|up|through)\b|(to )?(start|stop|scale|work|load|run|show|support|handle|send|accept|reject|use|be able to|remember|detect|retry|recover|survive|finish|arrive|appear|sync|connect|pass|compile|build|render|play|respond|deliver|open|print|upload|download|install|boot|launch|add|create|generate|ask|include|be on|be online|collect|track|list|check|flag|assign|group|sort|split|match|pair|rank|count|calculate|email|text|notify|remind|book|allocate|let|tell|warn|alert|get paid|sign up|total|order|collect|pay|choose|pick|see|find|reserve|cancel)\b)/,
  /^(i'm|i am|we're|we are) hoping (we|you|to) (can |could )?(get|make|have|finish|ship|build|fix)\b/,
  // "i wonder if you could help with the delivery route page": help asked for with a piece of work.
  /^(i was |i'm |i am |i )?wonder(ing)? (if|whether) you (could|can|would|might) (please )?help (me |us )?((with|to|on) |(?!(me|us)\b)[a-z]{3,} )[a-z]/,
  // "and i wondered if we could build a simple swap feature for them": new work asked for, politely.
  /^(and )?(i|we) wondered (if|whether) (we|you) (could|might|can) (build|add|make|set up|create|have|get|track|show|send|put|move|turn|let) [a-z]/,
  // "let's get a booking thing for fittings": a new thing asked for, with what it is for.
  /^(let's|lets) (just )?(get|make|build|set up|add|have) (a|an|some) [a-z0-9' -]{2,40}? (for|to|that|which|where|so)\b/,
  // "our driver would like the stops in the order he drives them": the product as someone of the club wishes it.
  /^(the|our) [a-z' -]{2,30} (would like|'d like|would love) (the|our|all|every) [a-z0-9' -]{2,40}? (in|on|at|by|sorted|grouped|listed|shown|printed) [a-z]/,
  // "i would like that the student can see the status", "i'd love it if the admin page could let me upload …".
  /^(i|we)('d| would) (really )?(like|love) (that|it if) (the|our|my|this|a|an|each|every|all|[a-z]+s) [a-z0-9 ./'-]{2,60}? (can|could|will|would|shows?|gets?|has|have|is|are|lets?)\b/,
  // "finance ops asked our tools team for a nightly job that flags duplicates": a new thing asked of us.
  /\b(asked|wants|requested|needs)\b [^.]{0,40}\bfor (a|an) ([a-z]+ ){0,2}(job|tool|script|report|dashboard|bot|service|app|page|feature|endpoint|export|import|check|pipeline|integration)\b/,
  // "so we're going to put the staging environments under pulumi": a plan of work (going to use X is a choice).
  /^(so |ok |now )?(we're|we are|i'm|i am) going to (?!(use|keep|stick|go|stay|need|have|be|try)\b)[a-z]{3,} (the|our|all|every|three|two|four|\d)\b/,
  /^(i've|i have|we've|we have) been (asked|told|tasked) to\b|^((my|our|the) )?([a-z']+ ){0,2}(asked|told|wants|needs) (me|us) to (get|build|make|add|fix|migrate|finish|ship|set up|write|create|implement|move|remove)\b/,
  /^(let's|lets) (see|find out) (if|whether) (we|you) can\b/,
  // "looking to get the backups verified", "hoping to have the app on the new api by friday": the subject left out.
  /^(looking|hoping|aiming|planning) to (get|have|make|build|ship|finish|set up|add|fix|move|port|migrate|automate)\b/,
  // "time to finally fix the flaky upload test".
  /^((it's|so|ok|okay|right),? )?(high |about )?time to (finally |properly )?[a-z]{3,} (the|our|my|this|that|a|an)\b/,
  // "we're adding push-to-talk to the chat", "i'm wiring up the sensor": the work in hand, told as under way.
  new RegExp(
    `^(right now |so |now )?(we're|we are|i'm|i am) (finally |now |still |currently )?(?!(${IDLE_ING})\\b)[a-z]{3,}ing( up| out| in| down| over| off)? [a-z0-9"']\\S* \\S+ [a-z0-9]`,
  ),
  // "i want that the exporter should produce the gpx file", "i want that the robots drive full speed": a wish
  // said with "that" (non-native).
  /^(i|we) (want|need) that ((the|our|my|this|all) )?[a-z0-9 ./'-]{2,40}? ((should|will|can|must) )?[a-z]{3,}\b/,
  // "let's make the discord bot survive the gateway disconnects": the product made to do something.
  /^(let's|lets) (finally |now |just )?make (the|our|my|this|that) [a-z0-9 ./'-]{2,40}? (stop|survive|handle|work|load|start|keep|show|send|accept|reject|recover|retry|run)\b/,
  // "let's get the image building in ci", "let's make the tracker send a push": an outcome to reach.
  /^(let's|lets) (finally |now |just )?(get|make|have) (the|our|my|this|that|a|an) (?![^,]*\bfirst\b)[a-z0-9' -]{2,60}? ([a-z]{3,}ing|[a-z]{3,}ed|built|done|made|set up|written|working|green|faster|send|show|work|run|load|stop|accept|support)\b/,
  // "let's aim to have the reminders going out by monday": the aim said as such.
  /^(let's|lets|we|i) (now )?aim to (get|have|make|build|finish|ship|launch|open|move|put|set up|sort|fix)\b/,
];
/** Verbs whose object is a whole piece of work; an intent phrase with one of them states the session's aim. */
const PROJECT_VERB =
  "(end up with|tackle|build|create|migrate|port|upgrade|set up|implement|design|ship|introduce|automate|convert|rewrite|replace|refactor|move|make a tool|make a script|make an app)";
/** Any other base verb: a wish to do one step ("i want to rename …", "help me read this"). */
/** "containerize", "modernise", "simplify": verbs made from a noun or an adjective name a change. */
const MADE_VERB = "[a-z]{3,}(?:ize|ise|ify)";
const STEP_VERB = `(${BASE_VERB}|${MADE_VERB}|have|see|understand|learn|explore|figure out|find out|sort out|deal with|speed up|set up|clean up|tidy up|turn|transform|rework|combine|port|teach|script|automate)`;
const INTENT = (verb: string) => [
  new RegExp(
    `^((i|we)('d| would) (really |so |ever so |very )?(appreciate it|be (very |really |so |ever so )?grateful|love it) if (you|we) (could|can|would)|(i was|i'm|i am) wondering (if|whether) you (could|can|would)|(it('d| would)|would) be (great|nice|good|awesome|ideal|amazing|lovely|helpful) if (we|you) (could|can)( somehow)?) (help (me|us) )?(to )?((finally|just|also) )?${verb}\\b`,
  ),
  new RegExp(
    `^(i need you to |can you |could you |would you |please )?help me (to )?${verb}\\b|\\bif you could help (me|us) (to )?${verb}\\b`,
  ),
  new RegExp(
    `^((hi|hello|hey),? )?(i|we) (want|would like|'d like|need|must)( that you| that we| you)?( to)? (help (me|us) )?(to )?((finally|quickly|also|just|really|now|first|still|actually) )?${verb}\\b`,
  ),
  new RegExp(
    `^(i'd|i would|we'd|we would) (really |so |very much )?(like|love) (that you |you to |us to )?(help (me|us) )?(to )?((finally|quickly|also|just|really|now|first|actually) )?${verb}\\b`,
  ),
  new RegExp(
    `\\b(and )?(i|we) (would |'d )?(need|want)( to)? ${verb} (a|an) (tool|script|app|service|bot|cli|library)\\b`,
  ),
  new RegExp(`^((hi|hello|hey),? )?(i|we) (would|'d) need (to )?(you to )?${verb}\\b`),
];
/** Verbs of a one-off change: "we need to get rid of moment.js" asks for work, it sets no standing rule. */
const ONE_OFF =
  /^(((?:hi|hello|hey|please),? )*)((i|we) )?((?:really|are|am) )?(need|must|have|gotta|got|should|ought)( to)? ((change (?:how|the way|what|when|where|who|the|our|my)|sort out|overhaul|get rid of|get|stop|prevent|remove|add|fix|build|create|make|migrate|replace|move|upgrade|implement|rewrite|refactor|ship|finish|investigate|find|figure out|port|convert|set up|clean up|delete|split|speed up|kill|rip out|introduce|automate|understand|learn|rename|rebuild|redesign|restructure|rework|translate|integrate|deprecate|consolidate|merge|bump|patch|close|open|train|retrain|rerun|redo|reindex|restore|rotate|revoke|reinstall|install|uninstall|downgrade|reproduce|debug|track down|[a-z]{3,}(?:ize|ise|ify)) .*)$/;
/** "we need to throttle callers of the api": a change needed, whatever its verb, unless the verb keeps a way. */
const NEEDS_WORK =
  /^((hi|hello|hey),? )?(i|we) (really )?need to (?!(keep|stay|use|follow|avoid|support|respect|be|have|make|ensure|run|log|store|know|think|talk|discuss|decide|choose|pick|wait|check|see|look|remember|handle|test|document|mention|tell|ask|say|call|write|read|return|send|show|do|go|get|let|put|leave|stick|treat|limit|cap|allow|accept|comply|match|stop|start|pass|sacrifice|appease)\b)[a-z]{4,} (the|our|my|all|a|an|[a-z]+s)\b/;
/** A change that brings something to a target once ("get the images under 500mb"), not one that keeps it there. */
const REACHES_TARGET =
  /^(get|bring|cut|reduce|speed up|slim down|shrink) .+ (under|below|down to|to under|within|less than|to) (\d|a |an |one |half|two |three |four |five |six |seven |eight |nine |ten |fifteen |twenty |thirty |sixty )/;

/** "i want to get it under 15": an aim that brings something to a figure once, not a standing limit. */
export const reachesTarget = (clause: string): boolean =>
  REACHES_TARGET.test(
    clause.replace(
      /^((i|we) (want|need|would like|'d like)|(we're|we are|i'm|i am) (really |still )?trying) to /,
      "",
    ),
  );

/** A clause after a comma with its own subject ("…, the registry bill is insane"): the reason for the change. */
const REASON_TAIL =
  /, (?=(the|our|my|it|its|it's|they|they're|this|that|users|customers|people|everyone|nobody|[a-z]+ (readers|users|folks|people|bill|costs?|team)) [a-z'])/;
const RULE_WORDS =
  /\b(must|never|always|should|shall|may not|not allowed|nobody|no one|only|every|from now on)\b/;

/** The clause of a one-off change asked with a modal of need ("get rid of moment.js, it's 300kb"), or null;
 * `reachesTarget` when it brings something to a figure once. */
export function oneOffChange(n: string): { text: string; reachesTarget: boolean } | null {
  const m = ONE_OFF.exec(n);
  const needed = m ? null : NEEDS_WORK.exec(n);
  if (!m && !needed) return null;
  const whole = m ? (m[8] as string) : n.slice(n.indexOf(" need to ") + 9);
  // "make the nav accessible, screen readers can't open it": the clause after the comma says why; it sets no rule
  // unless it says so in rule words.
  const at = whole.search(REASON_TAIL);
  const text = at > 0 && !RULE_WORDS.test(whole.slice(at)) ? whole.slice(0, at) : whole;
  return { text, reachesTarget: REACHES_TARGET.test(text) };
}

/** "if you could help me get the dashboard running, that would be amazing": a wish for work wrapped in a polite
 * condition, not a hypothetical. */
const POLITE_WISH =
  /^if (you|we) (could|can) (help (me|us) )?(to )?[a-z]+ .{6,}, (that|it|this)('d| would) be (great|amazing|awesome|lovely|wonderful|fantastic|brilliant|perfect|ideal|a huge help|really helpful|helpful|so helpful|nice)\b/;
/** "i'd be really grateful if you could help me speed up the pipeline": the thanks said first, then the work. */
const GRATEFUL_IF =
  /^(i|we)('d| would) be (really |very |so |most |truly )?(grateful|thankful|glad|happy|delighted) if you (could|can|would) (help (me|us) )?(to )?[a-z]+ .{6,}/;
/** "we'd like the app to remember its window size": the product as the speaker wishes it, once. */
const WISHED_STATE =
  /^(i|we)('d| would) (really )?(like|love) (the|our|this|my) [a-z0-9 ./'-]{2,40}? to [a-z]+ .{4,}/;

export function isPoliteWish(n: string): boolean {
  return (
    POLITE_WISH.test(n) ||
    // "… if you could find the cause and fix it" points back at what was said before: a request, read there.
    (GRATEFUL_IF.test(n) && !/\b(it|that|this|them|those|these)[.!]*$/.test(n)) ||
    (WISHED_STATE.test(n) && !/\b(every|each|always|never|any|whenever)\b/.test(n))
  );
}

/** "i'd like some help setting up playwright": a wish for help with a piece of work. */
const HELP_WITH =
  /^(((i|we)('d| would)? )?(like|love|need|want|could use|be (very |really )?grateful for|appreciate) )?(some |a bit of |a little |your )?help (with (the|our|my|a|an|this|setting|getting|making|writing|building|fixing|moving|migrating)\b|[a-z]+ing\b)/;

/** A new thing wished for ("i would need a script who compresses the logs"): the session builds it. */
const WANTED_THING =
  /^((hi|hello|hey),? )?(i|we)('d| would)? (really )?(need|want|like|love) (a|an) (new |[a-z]+ ){0,2}(tool|script|app|service|bot|cli|library|command|page|endpoint|job|cron job|dashboard|report|plugin|extension|feature|workflow|pipeline|form|function|module|component|api|list|map|calendar|rota|register|log|screen|view|button|report|tracker|planner)\b/;
/** "i want a heatmap of rentals per station", "we need offline sync for the tablets": a thing of any name the work
 * builds, said with where it goes (never a standing "every …" or a break or an answer). */
const WANTED_ANY =
  /^((hi|hello|hey|so|ok),? )?((i|we)('d| would)? (really )?(need|want|like|love|appreciate)|need|want) (a|an|some|one) (?!(break|coffee|minute|moment|second|sec|hand|favou?r|word|answer|decision|reply|quick|to|you|it|that|this|them|the|my|our|your)\b)[a-z0-9-]+( [a-z0-9-]+){0,3} (of|for|in|on|to|that|which|where|showing|with|from|in front of|per) [a-z0-9]/;
const RULE_SCOPE = /\b(every|each|always|never|any|all|whenever)\b/;
/** "we want nightly backups of the three hosts to b2": things of a kind the work sets up, without an article. */
const WANTED_KIND =
  /^((i|we)('d| would)? (really )?(want|need|like)) ((nightly|daily|weekly|hourly|monthly|automatic|automated|regular|proper|scheduled|incremental|offline|encrypted) )[a-z-]+s (of|for|on|in|to|from) [a-z0-9]/;
/** A deadline: "by next week", "before the launch". */
const DEADLINE =
  /\b(by (next|this|the end of|end of|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|eod|eow|q[1-4]|\d)|before (the )?(launch|release|demo|review|deadline|weekend|holidays?))\b/;
/** "… before the launch", "… by friday": a deadline makes a change one piece of work. */
export const hasDeadline = (n: string): boolean => DEADLINE.test(n);
/** "my manager wants the onboarding emails translated by next week": work passed on with a deadline, not a rule. */
export function isAssignment(inner: string): boolean {
  return (
    DEADLINE.test(inner) &&
    (/^(the|our|this|my|that|a|an) [a-z0-9 ./'-]{2,60}( [a-z]+ed| to [a-z]+)\b/.test(inner) ||
      /^(every|each|all) [a-z0-9 ./'-]{2,60} in (one|a|a single|the same) [a-z]+/.test(inner))
  );
}

/** "the client wants a dark theme for the dashboard": someone asks for a new thing, which is work (not a rule,
 * unless rule words say how it must be). */
export function isWantedThing(inner: string): boolean {
  return (
    /^(for )?(a|an|some) (new )?[a-z0-9-]+/.test(inner) &&
    !RULE_WORDS.test(inner.split(/, (and|but) /)[0] as string) &&
    // "a gif attached whenever a change alters the layout": wanted each time, which is a rule.
    !/\b(whenever|every time|each time|any time|anytime)\b/.test(inner)
  );
}

/** An outcome wished for with no verb of its own ("need the staging deploy fixed asap"). */
const WANTED_STATE =
  /^((i|we) )?(really )?(need|want) ((the|our|this|my|that) [a-z0-9 ./'-]{2,60}|them|it|that|this) (stored|kept|saved|attached|linked|fixed|done|working|sorted|finished|merged|shipped|deployed|green|running|updated|migrated|removed|gone|faster|cleaned up|back up|turned into|converted|moved|ported|rewritten|retrained|rebuilt|refreshed|regenerated|recomputed|reindexed|redeployed|upgraded|translated|worked out|calculated|automated|built in|set up)\b/;
/** "the add-in we ship has to load faster": a thing to be made better once, said with a modal and a comparative. */
const IMPROVES =
  /^((so|ok|and) )?(the|our|this|my) [a-z0-9 ./'-]{2,60}? (has to|needs to|must|should) (load|run|start|build|open|respond|render|get|be|become|feel) (faster|quicker|smaller|lighter|cheaper|snappier|more responsive)\b/;
/** "we're going to port the service to go": a plan for a whole piece of work ("we're going to use X" is a choice). */
const PROJECT_INTENT = [
  ...INTENT(PROJECT_VERB),
  new RegExp(`^(we're|we are|i'm|i am) going to ${PROJECT_VERB}\\b`),
];
const STEP_INTENT = INTENT(STEP_VERB);
/** "we're trying to cut the cold start to two seconds": work under way, said as an attempt. */
const TRYING =
  /^(right now |so |now )?(we're|we are|i'm|i am) (really |still |now )?trying to (?!(say|tell|explain|be|remember|keep|stay|avoid|think|decide)\b)[a-z]{2,}\b/;

/** "ticket PAY-231: the refund button …", "the ticket says users …": a ticket the user names as the work. */
export function isWorkReference(n: string): boolean {
  // "picking up a ticket from the backlog, the ticket says: '…'": the reference after a lead-in clause.
  return n.split(/, (?=the |this |our |my )/).some((part) => WORK_SOURCE.test(part) || WORK_LABEL.test(part));
}

/** Words that join a goal to what came before ("then what I need is …", "anyway, I need to …"). */
const CONNECTIVE =
  /^(then|anyway|instead|wait|hold on|stop|sorry|ok|okay|right|alright|actually|cool|great|good (morning|afternoon|evening)|good|in that case|in the meantime|meanwhile|now|so|morning|hi|hello|hey|bonjour|hallo|hola|ciao|salut|namaste|greetings|good evening|this time)[,.!:]*\s+/;
const unjoined = (n: string) => n.replace(CONNECTIVE, "").replace(CONNECTIVE, "");
/** Where a goal can start inside a sentence: after a colon or semicolon, a clause joined by "so" / "and i …", or
 * "what i want is" inside a run-on sentence with no stops (dictated text). */
const CLAUSE_START =
  /(?::|;| —| -)\s+|,? so (?=[a-z])|,(?: and)? (?=(?:today|tonight|now|this week|for today) (?:i|we)(?:'d| would)? (?:really )?(?:want|need|like|have)\b)|,? (?:and|but) (?=(?:i|we|i'd|we'd|i'm|we're|the (?:goal|aim|plan|task|objective|idea|job) is)\b)| (?=what (?:i|we)(?:'d| would)? (?:really |most |actually |now )*(?:want|need|like|love)(?: to (?:get|have|see)(?: done)?)?(?: instead| now| today| first)? is\b)| (?=(?:the thing (?:i|we) (?:really )?(?:need|want)(?: today| now| most)?|what (?:i'm|i am|we're|we are) after) is\b)|(?<!\b(?:if|when|whenever|once|unless|until)\b[^,]{0,80})(?<=[a-z]) (?=(?:i|we) (?:really )?(?:need|want) (?:a|an) [a-z])|^[a-z0-9 -]{2,30} (?:can|will have to) wait, |^(?:drop|forget|scrap|park|pause|shelve) (?:the|that|this|our|my|all) [a-z0-9 -]{1,40}?(?: for now)?, /g;

/** "so the deal is: customers can't reset …", "the problem is that …": a report of the problem the work is about.
 * It is never a rule, whatever words it reports; like any report it is the goal of an opening message that asks
 * for nothing else, and part of the task when it comes with a request. */
const PROBLEM =
  /^(here's the (deal|thing|situation|problem|issue)|the (deal|situation|problem|issue|thing|trouble) (here )?is|(the )?(problem|issue|situation)\s*:)\s*(that )?\S+ \S+ \S+/;

export function framesProblem(n: string): boolean {
  return PROBLEM.test(n.replace(/^so,? /, ""));
}

/** "forget the swaps for now and …": work set aside, and the work said after it. */
const SETS_ASIDE =
  /^(?!(?:if|when|in that case|in which case)\b).*?\b(?:(?:forget|scrap) (?:the|that|this|our|my) [a-z0-9 -]{1,40}?(?: for now| for today)? and (?:instead )?|(?:drop|park|shelve|pause) (?:the|that|this|our|my) (?:[a-z0-9 -]{1,40}? (?:idea|feature|plan|work|thing|project|stuff)(?: for now| for today)?|[a-z0-9 -]{1,40}? for (?:now|today)|[a-z0-9 -]{1,40}?) and (?:instead|for now) (?:let's |lets )?|(?:drop|park|shelve|pause) (?:the|that|this|our|my) [a-z0-9 -]{1,40}? (?:idea|feature|plan|work|thing|project|stuff)(?: for now| for today)? and (?:let's |lets )?|(?:put|set|leave) (?:the|that|this|our|my) [a-z0-9 -]{1,40}? (?:aside|on hold|to one side)(?: for now| for today)? and (?:instead )?)(?=[a-z])/;

/** "find out why the backup skipped, the flags can wait": the work put ahead of the one set aside. */
const PUTS_AHEAD =
  /^.{12,}, (the|our|that|those|these|this|my) [a-z0-9 -]{2,40} (can|will have to|has to|have to) wait( for now| till later| until later)?[.!]*$/;

export function putsAhead(n: string): boolean {
  return PUTS_AHEAD.test(n);
}

/** "What are we working on today?", "what's on the list?": the assistant asks what the work is. */
const ASKS_WORK =
  /\b(what('s| is| are) (on )?(the|our|your) (list|plan|agenda|task|goal|job)|what (are|shall|should) we (working on|work on|doing|tackle|tackling|building)|what (can|shall|should) i (help|do) (you )?with|what are we working on|what's up today|what do you (want|need) (to do|done|to work on))\b[^?]{0,30}\?\s*$/;

/** The assistant's last message ends by asking what the work is. */
export function asksForWork(prev: string): boolean {
  return ASKS_WORK.test(prev.slice(-200).toLowerCase());
}

/** How the sentence reads as a goal, and the clause it was read from (the rule check looks at that clause). */
export interface GoalReading {
  strength: GoalStrength;
  clause: string;
}

/** "our log viewer cli needs to be packaged for homebrew": a thing that needs one change done to it. */
const NEEDS_CHANGE =
  /^(the|our|this|my) [a-z0-9 ./'-]{2,50}? (needs|has|have|need) to be (packaged|ported|migrated|moved|rewritten|upgraded|translated|containerized|containerised|dockerized|published|released|refactored|replaced|converted|rebuilt|redesigned|split|localized|localised|open[- ]sourced|deprecated|removed|retired|decommissioned|automated|documented) (for|to|into|onto|off|from|on|in|as|by|before)\b/;
/** "requirement is to build the attendance report": the requirement named is the work. */
const REQUIREMENT_IS =
  /^((the|our|my|main|key|the main|our main) )?requirement (here |today )?is(:| to) [a-z]+/;

function strengthOf(n: string): GoalStrength | null {
  if (REQUIREMENT_IS.test(n)) return "stated";
  if (NEEDS_CHANGE.test(n)) return "intent";
  if (GOAL_LABEL.test(n) || WORK_LABEL.test(n) || TIME_HEADING.test(n) || STATED.some((re) => re.test(n)))
    return "stated";
  if (PROJECT_INTENT.some((re) => re.test(n)) || WANTED_THING.test(n)) return "stated";
  // "the ticket says we need csv import": the ticket's ask is the aim even when it reads as a rule.
  if (WORK_ASKS.test(n)) return "stated";
  // "…, so that never comes back": the reason after "so" sets no scope of its own.
  if (
    (WANTED_ANY.test(n) || WANTED_KIND.test(n)) &&
    !RULE_SCOPE.test((n.split(/,? so (that )?|,? because /)[0] as string).replace(EVERY_WHEN, ""))
  )
    return "intent";
  if (
    STEP_INTENT.some((re) => re.test(n)) ||
    SOFT.some((re) => re.test(n)) ||
    WANTED_STATE.test(n) ||
    TRYING.test(n)
  )
    return "intent";
  if (ONE_OFF.test(n) || NEEDS_WORK.test(n) || IMPROVES.test(n) || HELP_WITH.test(n)) return "intent";
  // "we have to export the trial data by thursday": work with a deadline, whatever its verb.
  if (
    /^(i|we) (really )?(have|need|must|got) to [a-z]{3,} (the|our|my|a|an|this|that|all)\b/.test(n) &&
    DEADLINE.test(n)
  )
    return "intent";
  return null;
}

/** How strongly the sentence states the session's goal, or null when it states none. The sentence is read as a
 * whole, then from each clause start ("Production is down: new plan, find out why …", "our CI takes 40 minutes
 * and I want to get it under 15"). */
export function goalReading(n: string): GoalReading | null {
  // One sentence is read for its goal several times while it is classified: the last readings are kept.
  const kept = READINGS.get(n);
  if (kept !== undefined) return kept;
  const found = readGoal(n);
  if (READINGS.size >= 64) READINGS.delete(READINGS.keys().next().value as string);
  READINGS.set(n, found);
  return found;
}

const READINGS = new Map<string, GoalReading | null>();
/** "for the desktop editor, ", "with that out of the way, ": a scope or a transition said before the sentence. */
const SCOPE_LEAD =
  /^(for|in|on|with|about|regarding|as for|as part of) (the|our|my|this|that|these|those|all) [a-z0-9 ./'-]{2,40}, (?=(i|we|what|so|our|my|could|can)\b)|^before [a-z0-9 '-]{2,30}, (?=the\b)|^for (the|our|my) [a-z0-9 ./'-]{2,40}? (?=(i|we) (want|need|would like|'d like)\b)|^in (the|our|my) [a-z0-9 ./'-]{0,30}(system|site|sheet|spreadsheet|database|tool|portal) (?=(i|we) (need|would like|'d like)\b)/;
/** "could we flag sessions where the candidate leaves the frame?": new work asked as a question about us; a way
 * to choose ("can we use redis?") or a check ("can we see …?") is no aim. */
const WE_ASK =
  /^((hi|hello|hey),? )?(could|can) we (please |maybe |somehow |just )?(add|flag|build|create|show|support|send|detect|track|export|import|automate|generate|fix|repair|investigate|let (coaches|members|people|users|parents|staff|volunteers|players|customers)|make (the|it|our|a|an)|get (a|an|the|our) [a-z' -]{2,40}? (to|for|that|of))\b .{8,}\?$/;

function readGoal(n: string): GoalReading | null {
  // "can you help me build a price alert?" asks for the work; any other question states no goal.
  if (
    /\?$/.test(n) &&
    !/^((hi|hello|hey|good (morning|afternoon|evening)),? )?(can|could|would|will) you (please )?help (me|us)\b/.test(
      n,
    )
  ) {
    // "instead, could we make a printable sheet …?", "could we instead keep a record …?", "could we put the welsh work aside and update the parser?": the
    // work asked in place of the plan before.
    if (
      /^(instead,? (could|can|would|shall) (we|you)|(could|can|would) (we|you) (please )?instead) [a-z]+ /.test(
        n,
      )
    )
      return { strength: "stated", clause: n };
    const swapped = SETS_ASIDE.exec(n);
    const instead = swapped ? n.slice(swapped[0].length) : "";
    if (instead.split(" ").length >= 3 && new RegExp(`^(${BASE_VERB})\\b`).test(instead))
      return { strength: "stated", clause: n };
    if (weighsAloud(n)) return null;
    // "our yard manager asked me to sort something out: could we please get the log to …?": the ask after a lead-in.
    const ask = /[:,] ((?:could|can) we .{8,}\?)$/.exec(n)?.[1] ?? n;
    return WE_ASK.test(ask.replace(SCOPE_LEAD, "")) ? { strength: "intent", clause: n } : null;
  }
  // "great work, the committee will be pleased": praise for work done names no new aim.
  if (/^(great|good|nice|brilliant|lovely|excellent|fantastic|amazing) (work|job|stuff)\b/.test(n))
    return null;
  // "i should learn vim one of these days": a someday wish, not this session's aim.
  if (/\b(one of these days|some ?day|one day|eventually)\b/.test(n)) return null;
  // "instead please make the rota send a warning …": the work asked in place of the plan before.
  if (
    new RegExp(`^instead,? (please )?(${BASE_VERB}) (a|an|the|our|my|it|this|that|them|some)\\b`).test(n) ||
    /^instead,? (i|we) (now )?(want|need|'d like|would like)\b/.test(n)
  )
    return { strength: "stated", clause: n };
  // "(pasted the profile) ok here's the thing i want to get done: …": an aside in brackets before the words.
  // "for the desktop editor, i'd like to add a plugin api": a scope put first; the goal starts after it.
  // "hi, i was wondering if you could help me …": a greeting said first.
  const bare = unjoined(
    n
      .replace(/^\([^)]{1,60}\)\s*/, "")
      .replace(
        /^(hi|hello|hey|good (morning|afternoon|evening))( there| all| team| everyone)?[,!.]*\s+(?=\S)/,
        "",
      ),
  ).replace(SCOPE_LEAD, "");
  const whole = strengthOf(bare);
  if (whole) return { strength: whole, clause: bare };
  // "goal for me: make the tile server return 404 …": the lead-in names the aim, the rest states it.
  const colon = bare.indexOf(": ");
  const named = colon > 0 ? bare.slice(colon + 2) : "";
  if (AIM_LEAD.test(bare.slice(0, colon)) && named.split(" ").length >= 3)
    return { strength: "stated", clause: named };
  for (const m of n.matchAll(CLAUSE_START)) {
    const clause = unjoined(n.slice((m.index ?? 0) + m[0].length));
    const found = clause.split(" ").length >= 3 ? strengthOf(clause) : null;
    if (found) return { strength: found, clause };
  }
  // "…, so forget the swaps for now and fix the route sheet printing": one piece of work dropped for another.
  const swapped = SETS_ASIDE.exec(n);
  const instead = swapped ? n.slice(swapped[0].length) : "";
  if (instead.split(" ").length >= 3 && new RegExp(`^(${BASE_VERB})\\b`).test(instead))
    return { strength: "stated", clause: instead };
  return null;
}

/** "need the staging deploy fixed asap", "the cli needs to be packaged for homebrew": a one-off outcome, never a
 * standing rule about the thing named. */
export function wantsOutcome(n: string): boolean {
  return WANTED_STATE.test(n) || NEEDS_CHANGE.test(n) || IMPROVES.test(n);
}

/** Whether the sentence names the aim despite a time of the past in it: "this morning's job is the memory leak", or
 * "… we had three last week … so i want the site to send a reminder" (the aim said after the story). */
export function namesAim(bare: string): boolean {
  const r = goalReading(bare);
  if (r === null) return false;
  return r.strength === "stated"
    ? !PAST_VERB.test(bare)
    : r.clause !== bare && !PAST_TIME.test(r.clause) && !PAST_VERB.test(r.clause);
}
