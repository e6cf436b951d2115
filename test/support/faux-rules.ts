// Faux-model rules more than one e2e file scripts: the agent records ("remember that X.") and searches
// ("search memory for X.") project memory with keel_memory, and answers briefly after the tool.
import type { FauxRule } from "./temp-project.ts";

export const MEMORY_RULES: FauxRule[] = [
  { on: "toolResult", match: "^keel_memory\\n", reply: "Memory answered." },
  {
    on: "user",
    match: "^remember that (.+?)\\.",
    toolCalls: [
      {
        name: "keel_memory",
        arguments: {
          action: "record",
          record: { title: "$1", body: "$1", kind: "decision", category: "decision" },
        },
      },
    ],
  },
  {
    on: "user",
    match: "^search memory for (.+?)\\.",
    toolCalls: [{ name: "keel_memory", arguments: { action: "search", query: "$1" } }],
  },
];
