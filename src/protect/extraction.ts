// Automatic extraction: which user input qualifies, the one request it makes (keel's prompt plus the message and
// the existing automatic items, never manual content), the all-or-nothing gate on the answer (every new item an
// exact contiguous substring of the message), and the atomic apply with dedupe and collision-probed ids.
import { fail, ok, type Result } from "../core/result.ts";
import { codePoints, parseJsonAnswer } from "./aux-request.ts";
import { generatedId } from "./ids.ts";
import { type AuxFailure, EXTRACTABLE_KINDS, type ItemKind, type ProtectState } from "./types.ts";

export const MAX_EXTRACTED = 8;
export const MAX_EXTRACTED_CHARS = 1000;

export const EXTRACTION_SYSTEM_PROMPT = `You are keel's protected-context extractor. You read one message a user sent to a coding agent and pick out standing instructions that must keep holding in later turns: goals, constraints, requirements and decisions the user states as their own.

Leave out: questions, greetings, one-off requests for this turn only, style or formatting wishes, anything inside code blocks or logs, instructions the user quotes from someone else or gives as an example, hypotheticals, and anything the user has not adopted. If in doubt, leave it out.

Each item's "content" must be copied from the message exactly: one contiguous span, same characters, same case, same punctuation. Prefer the shortest span that still carries the whole instruction. Never reword.

You also get the automatic items registered earlier. List an earlier item's id under "removeAutoItemIds" only when this message explicitly withdraws, replaces or reverses it.

Answer with JSON only, no prose:
{"schemaVersion":1,"add":[{"kind":"goal|constraint|requirement|decision","content":"exact span","critical":true|false}],"removeAutoItemIds":[]}
At most ${MAX_EXTRACTED} items. "critical" marks items whose loss would make the work wrong.`;

/** Whether an input event should trigger extraction. */
export function isExtractable(text: string, source: string, hasModel: boolean): boolean {
  if (!hasModel || (source !== "interactive" && source !== "rpc")) return false;
  const trimmed = text.trim();
  return trimmed !== "" && !trimmed.startsWith("/");
}

export function extractionPayload(message: string, state: ProtectState): string {
  const automaticItems = state.items
    .filter((item) => state.autoItemIds.includes(item.id))
    .map(({ id, kind, content }) => ({ id, kind, content }));
  return JSON.stringify({ userMessage: message, automaticItems });
}

export interface ExtractionBatch {
  add: { kind: ItemKind; content: string; critical: boolean }[];
  removeAutoItemIds: string[];
}

type Loose = Record<string, unknown>;
const isRecord = (v: unknown): v is Loose => v !== null && typeof v === "object" && !Array.isArray(v);

/** The gate: the whole answer is accepted, or nothing is (reason: invalid-response or invalid-output). */
export function parseExtraction(
  text: string,
  message: string,
  state: ProtectState,
): Result<ExtractionBatch, AuxFailure> {
  const parsed = parseJsonAnswer(text);
  if (!parsed.ok || !isRecord(parsed.value)) return fail("invalid-response");
  const { add, removeAutoItemIds } = parsed.value;
  const removals = removeAutoItemIds ?? [];
  if (!Array.isArray(add) || !Array.isArray(removals) || add.length > MAX_EXTRACTED)
    return fail("invalid-output");
  const batch: ExtractionBatch = { add: [], removeAutoItemIds: [] };
  for (const raw of add) {
    if (!isRecord(raw) || typeof raw.kind !== "string" || !EXTRACTABLE_KINDS.includes(raw.kind as ItemKind))
      return fail("invalid-output");
    const content = raw.content;
    if (typeof content !== "string" || content.trim() === "" || codePoints(content) > MAX_EXTRACTED_CHARS)
      return fail("invalid-output");
    if (!message.includes(content) || typeof raw.critical !== "boolean") return fail("invalid-output");
    batch.add.push({ kind: raw.kind as ItemKind, content, critical: raw.critical });
  }
  for (const id of removals) {
    if (typeof id !== "string" || !state.autoItemIds.includes(id)) return fail("invalid-output");
    batch.removeAutoItemIds.push(id);
  }
  return ok(batch);
}

/** Applies a gated batch: retires the named automatic items, adds new ones not already present (kind + content). */
export function applyExtraction(
  state: ProtectState,
  batch: ExtractionBatch,
): { state: ProtectState; added: number; retired: number } {
  const retired = new Set(batch.removeAutoItemIds);
  let items = state.items.filter((item) => !retired.has(item.id));
  const autoItemIds = state.autoItemIds.filter((id) => !retired.has(id));
  let added = 0;
  for (const candidate of batch.add) {
    if (items.some((item) => item.kind === candidate.kind && item.content === candidate.content)) continue;
    const id = generatedId("auto", candidate.kind, candidate.content, new Set(items.map((item) => item.id)));
    items = [...items, { id, ...candidate }];
    autoItemIds.push(id);
    added++;
  }
  return { state: { ...state, items, autoItemIds }, added, retired: retired.size };
}
