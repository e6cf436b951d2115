// Test-only pi extension (loaded with `pi -e`): registers pi-ai's faux provider ("faux"/"faux-1") with a
// content-aware responder, scriptable through $KEEL_FAUX_SCRIPT and logging every request to $KEEL_FAUX_LOG.
import { appendFileSync, readFileSync } from "node:fs";
import {
  fauxAssistantMessage,
  fauxProvider,
  fauxText,
  fauxThinking,
  fauxToolCall,
  getSystemMessageText,
} from "@earendil-works/pi-ai";

/** pi's SUMMARIZATION_SYSTEM_PROMPT opens with this sentence (compaction and branch summaries). */
const SUMMARY_MARKER = "You are a context summarization assistant";
const REFILL_AT = 200;
const BATCH = 1000;

export default function fauxExtension(pi) {
  const faux = fauxProvider({
    api: "keel-faux",
    provider: "faux",
    models: [
      {
        id: "faux-1",
        name: "Faux 1",
        contextWindow: numberFromEnv("KEEL_FAUX_CONTEXT_WINDOW", 128000),
        maxTokens: numberFromEnv("KEEL_FAUX_MAX_TOKENS", 4096),
      },
    ],
  });
  const fired = new Map();
  let seq = 0;

  const respond = (context) => {
    if (faux.getPendingResponseCount() < REFILL_AT) faux.appendResponses(factories(respond));
    const request = describeRequest(context.messages);
    const script = readScript();
    const ruleIndex = script.rules.findIndex((rule, index) => ruleApplies(rule, index, request, fired));
    const rule = ruleIndex >= 0 ? script.rules[ruleIndex] : undefined;
    if (rule) fired.set(ruleIndex, (fired.get(ruleIndex) ?? 0) + 1);
    const message = rule ? fromRule(rule, request) : fromDefaults(request, script);
    seq += 1;
    log({
      seq,
      pid: process.pid,
      at: Date.now(),
      kind: request.kind,
      variant: request.variant,
      messages: context.messages.length,
      inputChars: request.inputChars,
      inputTokens: Math.ceil(request.inputChars / 4),
      lastRole: request.last?.role ?? null,
      lastText: request.lastText.slice(0, 300),
      // The very last message as sent, injected context included (request.last looks past it).
      tailText: tailText(context.messages).slice(0, 300),
      // Heads of the last three messages, oldest first, to check what was appended after the prompt.
      tailHeads: context.messages.slice(-3).map((m) => messageText(m).slice(0, 60)),
      systemHead: request.systemText.slice(0, 120),
      // Context keel injected (the guard brief, recovery notes) in full, to check what the agent received.
      injected: context.messages
        .filter((m) => m.role === "user" && INJECTED.test(messageText(m)))
        .map((m) => messageText(m).slice(0, 20000)),
      rule: ruleIndex >= 0 ? ruleIndex : null,
      // The tools declared to the model, as sent (only when a test asks: they are long).
      ...(process.env.KEEL_FAUX_LOG_TOOLS ? { tools: toolDeclarations(context) } : {}),
      stopReason: message.stopReason,
      reply: textOfContent(message.content).slice(0, 300),
    });
    // A rule may answer late (timeouts, answers that outlive their session); the log line is written at once.
    if (rule?.delayMs)
      return new Promise((resolve) => setTimeout(() => resolve(message), rule.delayMs).unref?.());
    return message;
  };

  faux.setResponses(factories(respond));
  pi.registerProvider(faux.provider);
}

function factories(respond) {
  return Array.from({ length: BATCH }, () => respond);
}

function numberFromEnv(name, fallback) {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function tailText(messages) {
  const tail = messages.at(-1);
  return tail ? messageText(tail) : "";
}

/** Context keel injects as hidden user-role messages (the guard brief, recovery notes), not the user speaking. */
const INJECTED = /^(keel brief|<keel[-\s]|\[keel: )/;

/** The last message, looking past context blocks an extension appended after the user's prompt. */
function lastRealMessage(messages) {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (!(message.role === "user" && INJECTED.test(messageText(message)))) return message;
  }
  return messages.at(-1);
}

/** What the request is: a summary (and which kind) or a chat turn, plus the texts rules match against. */
function describeRequest(messages) {
  const system = messages.find((m) => m.role === "system");
  const systemText = system ? getSystemMessageText(system) : "";
  const last = lastRealMessage(messages);
  const lastText = last ? messageText(last) : "";
  const inputChars = messages.reduce(
    (sum, m, i) => sum + (i > 0 ? 2 : 0) + m.role.length + 1 + messageText(m).length,
    0,
  );
  const kind = systemText.includes(SUMMARY_MARKER) ? "summary" : "chat";
  return {
    kind,
    variant: kind === "summary" ? summaryVariant(lastText) : null,
    systemText,
    last,
    lastText,
    inputChars,
  };
}

/** Which of pi's summary prompts this is, judged outside the quoted conversation. */
function summaryVariant(prompt) {
  if (prompt.startsWith("# Conversation\n")) return "turn-prefix";
  const instructions = prompt.replace(/<conversation>[\s\S]*<\/conversation>/, "");
  if (instructions.includes("<previous-summary>")) return "update";
  if (instructions.includes("summary of this conversation branch")) return "branch";
  return "initial";
}

function ruleApplies(rule, index, request, fired) {
  if (rule.times !== undefined && (fired.get(index) ?? 0) >= rule.times) return false;
  const subject = subjectFor(rule.on ?? "user", request);
  if (subject === undefined) return false;
  if (rule.system !== undefined && !new RegExp(rule.system, rule.flags ?? "").test(request.systemText))
    return false;
  if (rule.match === undefined) return true;
  return new RegExp(rule.match, rule.flags ?? "").test(subject);
}

function subjectFor(on, request) {
  const role = request.last?.role;
  if (on === "summary") return request.kind === "summary" ? request.lastText : undefined;
  if (request.kind === "summary") return undefined;
  if (on === "any") return request.lastText;
  if (on === "user") return role === "user" ? request.lastText : undefined;
  if (on === "toolResult") return role === "toolResult" ? request.lastText : undefined;
  return undefined;
}

function fromRule(rule, request) {
  if (rule.error) return fauxAssistantMessage([], { stopReason: "error", errorMessage: rule.error });
  const subject = subjectFor(rule.on ?? "user", request) ?? "";
  const match = rule.match === undefined ? [subject] : new RegExp(rule.match, rule.flags ?? "").exec(subject);
  const text = expand(rule.reply ?? "", match ?? [subject]);
  const calls = Array.isArray(rule.toolCalls) ? rule.toolCalls : [];
  const thinking = rule.thinking ? [fauxThinking(expand(rule.thinking, match ?? [subject]))] : [];
  if (calls.length === 0) return fauxAssistantMessage(thinking.length ? [...thinking, fauxText(text)] : text);
  const blocks = [
    ...thinking,
    ...(text ? [fauxText(text)] : []),
    ...calls.map((c) => fauxToolCall(c.name, expandValues(c.arguments ?? {}, match ?? [subject]))),
  ];
  return fauxAssistantMessage(blocks, { stopReason: "toolUse" });
}

function expand(template, match) {
  return template.replace(/\$(&|\d)/g, (_all, which) =>
    which === "&" ? match[0] : (match[Number(which)] ?? ""),
  );
}

/** $n / $& in every string inside tool-call arguments. */
function expandValues(value, match) {
  if (typeof value === "string") return expand(value, match);
  if (Array.isArray(value)) return value.map((item) => expandValues(item, match));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expandValues(item, match)]));
  }
  return value;
}

function fromDefaults(request, script) {
  if (request.kind === "summary") {
    const conversation = conversationOf(request.lastText);
    const body = script.summary ?? `conversation chars: ${conversation.length}`;
    return fauxAssistantMessage(
      `## Goal\nFAUX-SUMMARY (${request.variant}) ${body}\n\n## Next Steps\n1. Continue.`,
    );
  }
  if (request.last?.role === "toolResult") {
    return fauxAssistantMessage(
      `Tool ${request.last.toolName} said: ${toolResultText(request.last).slice(0, 200)}`,
    );
  }
  return fauxAssistantMessage(`echo: ${request.lastText.slice(0, 200)}`);
}

/** The serialized conversation inside a summary prompt (pi uses two framings). */
function conversationOf(prompt) {
  const tagged = /<conversation>\n([\s\S]*?)\n<\/conversation>/.exec(prompt);
  if (tagged) return tagged[1];
  return /^# Conversation\n([\s\S]*?)\n\n# Instructions\n/.exec(prompt)?.[1] ?? "";
}

/**
 * Script file (JSON, re-read on every request so a test may rewrite it between prompts):
 *   { "rules": [ { "on": "user" | "toolResult" | "summary" | "any",   default "user"
 *                  "match": "regex source", "flags": "i",             tested against the subject text
 *                  "system": "regex source",                         also required of the system prompt
 *                  "reply": "text with $1 / $& from the match",
 *                  "toolCalls": [ { "name": "read", "arguments": { "path": "$1" } } ],   ends the turn with toolUse
 *                  "error": "provider error message",                 answers with stopReason "error"
 *                  "times": 1,                                        fire at most n times (per pi process)
 *                  "delayMs": 30000 } ],                              answer only after this many ms
 *     "summary": "text that replaces the default FAUX-SUMMARY body" }
 * Subjects: "user" → the last user message (only when the request ends with one); "toolResult" → the last
 * tool result as "<toolName>\n<text>"; "summary" → the summarization prompt; "any" → the last message.
 * Defaults: summary requests get "## Goal\nFAUX-SUMMARY (<variant>) …", tool results get "Tool <name> said: …",
 * user messages get "echo: <text>".
 * Also read from the environment: KEEL_FAUX_LOG (JSONL, one line per request), KEEL_FAUX_CONTEXT_WINDOW and
 * KEEL_FAUX_MAX_TOKENS (the model's limits, for threshold-compaction tests).
 */
function readScript() {
  const file = process.env.KEEL_FAUX_SCRIPT;
  if (!file) return { rules: [] };
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    if (error?.code === "ENOENT") return { rules: [] };
    throw new Error(`faux provider: cannot read ${file}: ${error?.message ?? error}`);
  }
  return { ...parsed, rules: Array.isArray(parsed?.rules) ? parsed.rules : [] };
}

/** The tool set the request declares: the system messages' toolsAdded and toolsRemoved, replayed in order. */
function toolDeclarations(context) {
  const tools = new Map((context.tools ?? []).map((tool) => [tool.name, tool]));
  for (const message of context.messages) {
    if (message.role !== "system") continue;
    for (const tool of message.toolsAdded ?? []) tools.set(tool.name, tool);
    for (const gone of message.toolsRemoved ?? []) tools.delete(gone.name);
  }
  return [...tools.values()].map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
  }));
}

function log(record) {
  const file = process.env.KEEL_FAUX_LOG;
  if (file) appendFileSync(file, `${JSON.stringify(record)}\n`);
}

function messageText(message) {
  if (message.role === "system") return getSystemMessageText(message);
  if (message.role === "toolResult") return `${message.toolName}\n${toolResultText(message)}`;
  return textOfContent(message.content);
}

function toolResultText(message) {
  return textOfContent(message.content);
}

function textOfContent(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block) => {
      if (block.type === "text") return block.text;
      if (block.type === "thinking") return block.thinking;
      if (block.type === "toolCall") return `${block.name}:${JSON.stringify(block.arguments)}`;
      return `[${block.type}]`;
    })
    .join("\n");
}
