// Discovery: evidence from tool results only (bounded before the request), keel's discovery prompt, the
// all-or-nothing gate (facts only, at most four, each backed by exact quotes of records that were sent), and
// the atomic apply: deterministic ids, always critical, evidence refs with quote hash and UTF-16 span (never the
// quote), lifecycle active. Discovery only adds; it never removes, rewrites or retires anything.
import { fail, ok, type Result } from "../core/result.ts";
import { codePoints, parseJsonAnswer } from "./aux-request.ts";
import { digest12, generatedId } from "./ids.ts";
import type { AuxFailure, EvidenceRef, ProtectState } from "./types.ts";

export const MAX_RECORDS = 8;
export const MAX_RECORD_CHARS = 4000;
export const MAX_TOTAL_CHARS = 24_000;
export const MAX_FACTS = 4;
export const MAX_FACT_CODE_POINTS = 500;
/** Tools whose output is keel's own view of the registry: evidence from them would be circular. */
const EXCLUDED_TOOLS = new Set(["keel_protected"]);

export const DISCOVERY_SYSTEM_PROMPT = `You are keel's discovery recorder. You get evidence records from tool results of a coding session, labelled e1, e2, and so on. Record durable facts about the project that a later session would otherwise have to find out again: configuration values, versions, paths, commands that work, failures that were observed.

Rules:
- Only facts. Each fact needs at least one evidence reference {"id": "<record id>", "quote": "<exact text>"}, where the quote is copied character for character from that record as one contiguous span.
- An observed failure is a fact; a guessed cause is not.
- Keep each fact under ${MAX_FACT_CODE_POINTS} characters and include its scope (file, version, command) in the fact itself.
- Never record secrets, tokens, passwords or keys.
- At most ${MAX_FACTS} facts. When nothing is durable, answer with an empty list.

Answer with JSON only:
{"schemaVersion":1,"facts":[{"kind":"fact","content":"...","evidence":[{"id":"e1","quote":"..."}]}]}`;

export interface ToolEvidence {
  toolCallId: string;
  toolName: string;
  content: unknown;
}

export interface EvidenceRecord {
  id: string;
  toolCallId: string;
  toolName: string;
  text: string;
}

/** The joined text blocks of one tool result, or undefined when it holds any non-text block or no text. */
function textOnly(content: unknown): string | undefined {
  if (!Array.isArray(content) || content.length === 0) return undefined;
  let text = "";
  for (const block of content as Array<{ type?: string; text?: unknown }>) {
    if (block?.type !== "text" || typeof block.text !== "string") return undefined;
    text += block.text;
  }
  return text === "" ? undefined : text;
}

/** Evidence within bounds: first 8 records, a record over 4,000 characters skipped, 24,000 in total. */
export function collectEvidence(results: readonly ToolEvidence[]): EvidenceRecord[] {
  const records: EvidenceRecord[] = [];
  let total = 0;
  for (const result of results) {
    if (records.length >= MAX_RECORDS) break;
    if (EXCLUDED_TOOLS.has(result.toolName)) continue;
    const text = textOnly(result.content);
    if (text === undefined || text.length > MAX_RECORD_CHARS) continue;
    if (total + text.length > MAX_TOTAL_CHARS) break;
    total += text.length;
    records.push({
      id: `e${records.length + 1}`,
      toolCallId: result.toolCallId,
      toolName: result.toolName,
      text,
    });
  }
  return records;
}

export function discoveryPayload(records: readonly EvidenceRecord[]): string {
  return JSON.stringify({ evidence: records.map(({ id, toolName, text }) => ({ id, toolName, text })) });
}

export interface DiscoveredFact {
  content: string;
  evidence: { id: string; quote: string }[];
}

type Loose = Record<string, unknown>;
const isRecord = (v: unknown): v is Loose => v !== null && typeof v === "object" && !Array.isArray(v);

function parseFact(raw: unknown, records: readonly EvidenceRecord[]): DiscoveredFact | undefined {
  if (!isRecord(raw) || raw.kind !== "fact" || typeof raw.content !== "string") return undefined;
  if (raw.content.trim() === "" || codePoints(raw.content) > MAX_FACT_CODE_POINTS) return undefined;
  if (!Array.isArray(raw.evidence) || raw.evidence.length === 0) return undefined;
  const evidence: DiscoveredFact["evidence"] = [];
  for (const ref of raw.evidence) {
    if (!isRecord(ref) || typeof ref.id !== "string" || typeof ref.quote !== "string" || ref.quote === "")
      return undefined;
    const record = records.find((r) => r.id === ref.id);
    if (!record?.text.includes(ref.quote)) return undefined;
    evidence.push({ id: ref.id, quote: ref.quote });
  }
  return { content: raw.content, evidence };
}

export function parseDiscoveryAnswer(
  text: string,
  records: readonly EvidenceRecord[],
): Result<DiscoveredFact[], AuxFailure> {
  const parsed = parseJsonAnswer(text);
  if (!parsed.ok || !isRecord(parsed.value) || !Array.isArray(parsed.value.facts))
    return fail("invalid-response");
  if (parsed.value.facts.length > MAX_FACTS) return fail("invalid-output");
  const facts: DiscoveredFact[] = [];
  for (const raw of parsed.value.facts) {
    const fact = parseFact(raw, records);
    if (!fact) return fail("invalid-output");
    facts.push(fact);
  }
  return ok(facts);
}

export function applyDiscovery(
  state: ProtectState,
  facts: readonly DiscoveredFact[],
  records: readonly EvidenceRecord[],
  now: string,
): { state: ProtectState; added: number } {
  const next: ProtectState = {
    ...state,
    items: [...state.items],
    discoveryItemIds: [...state.discoveryItemIds],
    discoveryEvidence: { ...state.discoveryEvidence },
    discoveryLifecycle: { ...state.discoveryLifecycle },
  };
  let added = 0;
  for (const fact of facts) {
    if (next.items.some((item) => item.kind === "fact" && item.content === fact.content)) continue;
    const id = generatedId("discovery", "fact", fact.content, new Set(next.items.map((item) => item.id)));
    next.items.push({ id, kind: "fact", content: fact.content, critical: true });
    next.discoveryItemIds.push(id);
    next.discoveryEvidence[id] = fact.evidence.map((ref): EvidenceRef => {
      const record = records.find((r) => r.id === ref.id)!;
      const start = record.text.indexOf(ref.quote);
      return {
        toolCallId: record.toolCallId,
        toolName: record.toolName,
        quoteHash: digest12(ref.quote),
        span: { startOffset: start, endOffset: start + ref.quote.length },
      };
    });
    next.discoveryLifecycle[id] = { status: "active", createdAt: now, updatedAt: now };
    added++;
  }
  return { state: next, added };
}
