// What a sentence or a message does to the session's goal across the conversation, beside stating one (goal.ts):
// a pivot that hands the goal to what follows ("Different task now.", "hold that thought"), small talk that opens
// no work, a pointer that makes what came before the aim ("That's today's job."), a go-ahead after a how-to
// question, a requirement on the product, a resumed session's work told in the past. Inputs are normalized
// lowercase sentences unless a function says otherwise.

/** A sentence that only announces a change of goal: the new goal follows it. */
const PIVOT =
  /^((ok|okay|right|alright|hold on|wait|sorry|ugh|argh|stop|actually),? )*(hold (that|the|this) thought|(pausing|parking|dropping|shelving) (that|this|it|the [a-z0-9 -]{1,40}?)( for now| for a bit)?|(put|putting) (that|this|it) on hold|(scrap|scratch|forget|drop|park|pause|ignore) (that|this|it|all that|the [a-z0-9 -]{1,40}?)( stuff| thing| work| idea| part| for now)?( too| as well)?( for now| for a moment| for a bit)?|different task( now)?|new task|(change|switch) (of|in) plans?|plans? (change|switch)|new plan|switching gears|((let's|lets) )?switch gears|moving on|next up|something else|(the )?(priorities|plans?) (changed|have changed|shifted)|(something|(an? )?(urgent|new|more urgent|big) (thing|issue|request|problem|fire|ask)|a fire|an emergency)( from [a-z0-9 ]{1,20})? (just )?(came|has come|come) (in|up)|(the |our |my )?[a-z]+ (just )?changed (their|his|her|its|our|my) minds?|(change of (plans?|scope|direction|priorities)[:,]? )?(we're|we are|i'm|i am) not (doing|building|going to do|going ahead with) [a-z0-9 -]{1,50}( anymore| any more| after all| for now)|[a-z0-9 -]{1,40} (is|are) (cancelled|canceled|on hold|off the table|not happening)( for now)?|(the |our |my )?[a-z0-9 -]{1,30} (can|will have to|has to|have to) wait( for now| a bit| till later| until later| until tomorrow| till tomorrow| until next week| until monday)?|(?!(maybe|perhaps|probably|possibly|see you|talk|ok|okay|more|much|notes?|ideas?|thoughts?)\b)(the |our )?[a-z0-9-]+( [a-z0-9-]+)? later|change of focus)(, (my|our|the) [a-z ]{1,20} (just )?(pinged|called|messaged|emailed|texted|asked) (me|us))?[.!:]*$/;

/** Small talk that opens a conversation, asked or said: the message it is in opens no work. */
const SMALL_TALK =
  /^((he+y+|hi+|hello+|yo|morning|good (morning|afternoon|evening))[,!]? )?(how('s| is| are| was| were) (it going|things|you|your|the|life|everything)|what's up|whats up|sup\b|long time no see|hope (you|you're|you are|your|all|everyone|the (coffee|weekend|week|day))|(happy|good) (monday|friday|new year|weekend)|did you have a (good|nice|great)|(mine|my (weekend|day|week|holiday|vacation)) (was|has been)|((i'm|i am) )?(back|here|around|online)( (from|after) (lunch|coffee|a break|my break|the meeting|holiday|vacation|leave|the weekend|a trip))?[.!]*$|((the|my|our|this) )?(weekend|holiday|vacation|week|morning|monday|trip) (went|flew|was|has been|is going) (by )?(too |so |way |really )?(fast|quick|quickly|short|great|good|long|slow|rough|nice|fun|by)[.!]*$)/;

const GREETING =
  /^(he+y+|hi+|hello+|yo|morning|good (morning|afternoon|evening)|happy (monday|friday))( there| all| team)?[!.,]*$/;

/** The sentence is small talk ("how was your weekend?", "hope you're well"). */
export function isSmallTalk(n: string): boolean {
  const said = n
    .replace(/\p{Extended_Pictographic}\uFE0F?/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  return SMALL_TALK.test(said) || GREETING.test(said);
}

/** Thanks, a go-ahead or a sign-off: a reply that acknowledges and asks for nothing. */
const ACK =
  /^(?:(?:hi|hello|hey|yo|morning|good (?:morning|afternoon|evening|night)|thanks?|thank you|thx|ty|cheers|great|nice|cool|perfect|awesome|excellent|brilliant|amazing|good|fine|good job|great job|nice work|great work|well done|looks (?:good|great|fine|right)|lgtm|sounds (?:good|great|right)|ok|okay|k|sure|yes|yeah|yep|yup|right|exactly|correct|agreed|no|nope|got it|understood|noted|makes sense|aha|ah|i see|good catch|nice catch|bingo|that explains (?:it|a lot)|it does|that works|works for me|carry on|continue|go on|go ahead|keep going|proceed|next|done|ship it|do it|alright|all right|so much|a lot|to me|now|then|please|again|there|team|really|honestly|truly|buddy|mate|for that|for this|for the (?:help|fix|update)|keep it up|that's (?:it|great|perfect|fine|all)|this is (?:great|perfect|fine)|never ?mind|no worries|no problem|np|all good|always a pleasure|my pleasure|anytime|keep (?:me|us) (?:posted|updated|informed|in the loop)|lovely|speak (?:tomorrow|soon|later|on monday|next week)|talk (?:tomorrow|soon|later)|see you(?: tomorrow| soon| later)?|catch you later|bye|ttyl)[\s,.!:;)(-]*)+$/;

/** Small talk that opens a conversation: it asks for nothing and sets nothing. */
const SOCIAL =
  /^(enjoy (your|the) (evening|weekend|day|night|holiday|break|lunch|tea)\b[^?]*$|((hi|hello|hey)( there)?[,!]* )?(thanks|thank you) (so much |again )?for (helping|your help|all your help)( again| out| last (time|week))?[.!]*$|((hi|hello|hey)( there)?[,!]* )?(i'm |i am )?(so )?sorry to (bother|trouble) you( again)?( on a [a-z]+| so late| today)?[.!]*$|((hi|hello|hey|good (morning|afternoon|evening))( there)?[,!]* )?(i )?hope (the|your) (week|day|weekend|morning)( is|'s) treating you (well|kindly|gently|nicely)[.!]*$|((right|ok|okay|hi|hello),? )?(i'm )?back( again)?( from [a-z' ]{2,30})?( now)?[.!]*$|(i )?hope (you|you're|you are|the|your|all|everyone)\b.*\b(well|good|great|fine|nice|ok|okay|relaxing|restful)\b|how (are|is|was) (you|your|the) ?(weekend|day|week|things|holiday|vacation)?\b|(happy|good) (monday|friday|new year|weekend)\b|((hi|hello|hey|greetings|good (morning|afternoon|evening))( there| all| everyone)?,? )?(from (the|our|your) [a-z' -]{2,40}|[a-z]+ here)[.!]*$|(hi|hello|hey|greetings|good (morning|afternoon|evening))( there| all| everyone)?,? from [a-z' -]{2,40}[.!]*$)[^?]*[.!]*$/;
/** The sentence only acknowledges, greets or signs off ("thanks, looks good", "hello from the tool library"). */
export function isAcknowledgement(n: string): boolean {
  return ACK.test(n) || SOCIAL.test(n);
}

/** A sentence that names what it points back at as the aim ("That's today's job.", "that's basically my whole
 * day"): the sentences before it are the goal. */
const POINTS_AT_GOAL =
  /^(and )?(that's|that is|this is|thats|which is|it's|that one's|that one is|this one's|this one is) (now |basically |really |pretty much |kind of |honestly )?(the|our|my|today's|todays|this week's|the whole|my whole|our whole|the main|the real|the only) ?(goal|aim|task|job|priority|plan|mission|focus|objective|thing|point|day|work|ask|deliverable|assignment)( for| of)?( today| this week| this session| now| here)?( today| now)?(,? (so )?(fix|do|handle|solve|sort out|tackle|chase) (that|it|this)( [a-z]+)?( first)?)?[.!]*$/;

/** "Legal says the unsubscribe link is missing, so fixing that is our task now.": the sentence names its own
 * first part as the aim. */
const ENDS_AT_GOAL =
  /.{12,}, (so |and )?(that's|that is|thats) what (i|we) (want|need|'d like) (fixed|sorted|done|changed|built|solved)[.!]*$|.{12,}, (so |and )?(that's|that is|thats) what (we're|we are|i'm|i am) (fixing|building|sorting out|solving|changing)[.!]*$|.{12,}, (so|and) (that's|that is|this is|thats|[a-z]+ing (that|this|it) is) (now |basically |really )?(the|our|my|today's|todays|the main) (goal|aim|task|job|priority|focus|objective|mission)( for| of)?( today| this week| now| here)?( today| now)?[.!]*$/;

/** A sentence that ends by calling itself the aim. */
export function endsAtGoal(n: string): boolean {
  return ENDS_AT_GOAL.test(n);
}

/** "That's today's job.": the aim is what the message said before it. */
/** "that's what we're doing.", "this is what i'm building today": the work named by pointing back at it. */
const POINTS_AT_WORK =
  /^(and )?(that's|that is|this is|thats) (exactly |basically )?what (we're|we are|i'm|i am|we'll be|i'll be|we|i|we'll|i'll) (doing|building|fixing|working on|shipping|making|after|fix|do|build|tackle|work on|ship)( first| today| now| this week| here)?[.!]*$/;

/** "that's what i'd like to get done this session": the work wanted, named by pointing back at it. */
const POINTS_AT_WISH =
  /^(and )?(that's|that is|this is|thats) (exactly |basically |really )?what (i|we)('d| would)? ?(like|want|need|love|hope)( to)? (get done|have done|do|fix|build|finish|work on|achieve|accomplish|get out of (this|today))( today| this session| this week| now| here)?[.!]*$/;

export function pointsAtGoal(n: string): boolean {
  return POINTS_AT_GOAL.test(n) || POINTS_AT_WORK.test(n) || POINTS_AT_WISH.test(n);
}

/** A bare go-ahead ("do it", "yes please, go ahead"): it asks for what was just discussed. */
const APPROVAL =
  /^((ok|okay|yes|yeah|yep|sure|great|cool|perfect|nice|sounds good)[,.!]* )*(do it|do that|go ahead|go for it|please do|let's do it|lets do it|make it so|yes please|go)[.! ]*$/;
/** A question asking how to get something done ("how do i make the sidebar collapsible?", "is there a way to …"). */
const ASKS_FOR_WAY =
  /\b(how (do|can|could|should|would) (i|we|you)|is there (a|any) way to|any way to|what's the best way to|what would it take to|should (we|i)|(can|could) (we|you))\b/;

/** The message only approves: with an open how-to question before it, that question is the work. */
export function isApproval(text: string): boolean {
  return APPROVAL.test(text.toLowerCase().trim());
}

export function asksForWay(question: string): boolean {
  return ASKS_FOR_WAY.test(question.toLowerCase());
}

/** "The CSV export needs to support a BOM for Excel users": the product is to change; "… must stay under 200 ms"
 * keeps it as it is (that is only a rule). */
const PRODUCT_CHANGE =
  /^(the|our|this|my) [a-z0-9 ./'-]{2,50}? (needs|has|have|ought|should be able) to (support|be able to|be [a-z]+able\b|handle|accept|show|allow|work (with|on|in|offline)|send|export|import|sync|include|display|let)\b/;

/** "need the sales csv to include refunds": a change wanted of the product, said as a need. */
const WANTED_CHANGE =
  /^((i|we) )?(really )?(need|want) (the|our|this|my) [a-z0-9 ./'-]{2,50}? to (support|include|show|handle|accept|send|export|import|sync|display|list|let|allow|work (with|on|in|offline)|report|count|sort|group|filter)\b/;

/** "our docs site needs versioned docs for v2 and v3", "we need TLS on the new cluster": a thing the product lacks,
 * named with where it goes (never a standing "every …"). */
const LACKS =
  /^((the|our|this|my) [a-z0-9 ./'()-]{2,50}?|we) (needs|need) (?!to\b|(a|an|some) (break|minute|hand)\b)([a-z0-9-]+ ){1,4}(on|for|in|to|across) (the|our|this|all|v?\d)/;

export function asksProductChange(n: string): boolean {
  return (
    PRODUCT_CHANGE.test(n) ||
    WANTED_CHANGE.test(n) ||
    (LACKS.test(n) && !/\b(every|each|always|never|any|whenever|must)\b/.test(n))
  );
}

/** "picking this back up from yesterday — we were moving the auth to clerk": the work a resumed session goes on
 * with, told in the past because it started before. */
const RESUMED =
  /^((hey|hi|hello|ok|okay|so),? )?(picking (this|it|things) (back )?up|picking up where we left off|continuing|resuming|back to it|back on this)( from [a-z' ]{2,30})?\s*[—–:,-]+\s*(we were|i was|we'd been|we had been) [a-z]+ing\b/;

export function isResumedWork(n: string): boolean {
  return RESUMED.test(n);
}

/** "Different task now.", "ok scrap the lint stuff.": the goal is in the sentences after it. */
export function isGoalPivot(n: string): boolean {
  return PIVOT.test(n);
}
