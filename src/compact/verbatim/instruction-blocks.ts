// Project instruction files as pi renders them into the system prompt (`<project_instructions path="…">`
// blocks): the fallback for startup-read selection when pi has not handed keel its context files, as after a
// reload before the first request, or when another extension rebuilt the prompt options.
import type { ContextFile } from "./types.ts";

const BLOCK = /<project_instructions path="(.*?)">\n([\s\S]*?)\n<\/project_instructions>/g;

/** Every instruction block in a rendered system prompt, in order; none when the prompt has no such blocks. */
export function instructionBlocks(systemPrompt: string): ContextFile[] {
  if (!systemPrompt.includes("<project_instructions")) return [];
  return [...systemPrompt.matchAll(BLOCK)].map((match) => ({ path: match[1]!, content: match[2]! }));
}
