// keel's persisted protect state (custom entry `keel.protect.state`, schemaVersion 1) and the import of the
// original extension's `agent-context-guard-state` entries (schema v1–v5). Validation is structural; a state that
// fails it is rejected as a whole (the caller starts empty and degraded), references to items that no longer
// exist are dropped, and discoveries without a lifecycle record come back active.
import { fail, ok, type Result } from "../core/result.ts";
import {
  type DiscoveryLifecycle,
  type EvidenceRef,
  isItemKind,
  type ProtectedItem,
  type ProtectState,
} from "./types.ts";

export const STATE_TYPE = "keel.protect.state";
export const ORIGINAL_STATE_TYPE = "agent-context-guard-state";
export const STATE_VERSION = 1;

export interface PersistedState extends ProtectState {
  schemaVersion: typeof STATE_VERSION;
}

export function persistedState(state: ProtectState): PersistedState {
  return { schemaVersion: STATE_VERSION, ...structuredClone(state) };
}

type Loose = Record<string, unknown>;
const isRecord = (v: unknown): v is Loose => v !== null && typeof v === "object" && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string");
const isNonEmpty = (v: unknown): v is string => typeof v === "string" && v.length > 0;

/** The state in a `keel.protect.state` entry. */
export function parseKeelState(data: unknown, now: string): Result<ProtectState> {
  if (!isRecord(data)) return fail("the state is not an object");
  if (data.schemaVersion !== STATE_VERSION)
    return fail(`unknown schemaVersion ${String(data.schemaVersion)}`);
  return parseFields(data, 5, now);
}

/** The state in an original `agent-context-guard-state` entry (schema v1–v5). */
export function parseOriginalState(data: unknown, now: string): Result<ProtectState> {
  if (!isRecord(data)) return fail("the state is not an object");
  const version = data.schemaVersion;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1 || version > 5)
    return fail(`unsupported schemaVersion ${String(version)}`);
  return parseFields(data, version, now);
}

function parseFields(data: Loose, version: number, now: string): Result<ProtectState> {
  if (data.recovery !== "off" && data.recovery !== "critical") return fail("recovery is invalid");
  const items = parseItems(data.items);
  if (!items.ok) return items;
  const ids = new Set(items.value.map((item) => item.id));
  const state: ProtectState = {
    items: items.value,
    recovery: data.recovery,
    extraction: "off",
    discovery: "off",
    autoItemIds: [],
    discoveryItemIds: [],
    discoveryProvenance: {},
    discoveryLifecycle: {},
  };
  if (version >= 2) {
    if (data.extraction !== "off" && data.extraction !== "automatic") return fail("extraction is invalid");
    if (!isStringArray(data.autoItemIds)) return fail("autoItemIds is invalid");
    state.extraction = data.extraction;
    state.autoItemIds = [...new Set(data.autoItemIds)].filter((id) => ids.has(id));
  }
  if (version >= 3) {
    const discovery = parseDiscovery(data, version, ids, now);
    if (!discovery.ok) return discovery;
    Object.assign(state, discovery.value);
    state.autoItemIds = state.autoItemIds.filter((id) => !state.discoveryItemIds.includes(id));
  }
  return ok(state);
}

function parseItems(value: unknown): Result<ProtectedItem[]> {
  if (!Array.isArray(value)) return fail("items is not an array");
  const seen = new Set<string>();
  const items: ProtectedItem[] = [];
  for (const raw of value) {
    if (!isRecord(raw) || !isNonEmpty(raw.id) || typeof raw.kind !== "string" || !isItemKind(raw.kind))
      return fail("an item has no valid id or kind");
    if (!isNonEmpty(raw.content)) return fail(`item ${raw.id} has no content`);
    if (raw.critical !== undefined && typeof raw.critical !== "boolean")
      return fail(`item ${raw.id}: critical is not a boolean`);
    if (seen.has(raw.id)) return fail(`duplicate item id ${raw.id}`);
    seen.add(raw.id);
    items.push({ id: raw.id, kind: raw.kind, content: raw.content, critical: raw.critical === true });
  }
  return ok(items);
}

type DiscoveryFields = Pick<
  ProtectState,
  "discovery" | "discoveryItemIds" | "discoveryProvenance" | "discoveryLifecycle"
>;

function parseDiscovery(
  data: Loose,
  version: number,
  ids: ReadonlySet<string>,
  now: string,
): Result<DiscoveryFields> {
  if (data.discovery !== "off" && data.discovery !== "automatic") return fail("discovery is invalid");
  if (!isStringArray(data.discoveryItemIds)) return fail("discoveryItemIds is invalid");
  if (!isRecord(data.discoveryProvenance)) return fail("discoveryProvenance is invalid");
  const discoveryItemIds = [...new Set(data.discoveryItemIds)].filter((id) => ids.has(id));
  const discoveryProvenance: Record<string, EvidenceRef[]> = {};
  for (const [id, refs] of Object.entries(data.discoveryProvenance)) {
    const parsed = parseRefs(refs, version >= 4);
    if (!parsed.ok) return fail(`provenance of ${id}: ${parsed.reason}`);
    if (discoveryItemIds.includes(id)) discoveryProvenance[id] = parsed.value;
  }
  const discoveryLifecycle: Record<string, DiscoveryLifecycle> = {};
  if (version >= 5) {
    if (!isRecord(data.discoveryLifecycle)) return fail("discoveryLifecycle is invalid");
    for (const [id, raw] of Object.entries(data.discoveryLifecycle)) {
      const record = parseLifecycle(id, raw);
      if (!record.ok) return record;
      if (discoveryItemIds.includes(id)) discoveryLifecycle[id] = record.value;
    }
  }
  for (const id of discoveryItemIds)
    discoveryLifecycle[id] ??= { status: "active", createdAt: now, updatedAt: now };
  return ok({ discovery: data.discovery, discoveryItemIds, discoveryProvenance, discoveryLifecycle });
}

function parseRefs(value: unknown, checkSpans: boolean): Result<EvidenceRef[]> {
  if (!Array.isArray(value)) return fail("not an array");
  const refs: EvidenceRef[] = [];
  for (const raw of value) {
    if (
      !isRecord(raw) ||
      !isNonEmpty(raw.toolCallId) ||
      typeof raw.toolName !== "string" ||
      !isNonEmpty(raw.quoteHash)
    )
      return fail("a reference lacks toolCallId, toolName or quoteHash");
    const ref: EvidenceRef = { toolCallId: raw.toolCallId, toolName: raw.toolName, quoteHash: raw.quoteHash };
    if (raw.span !== undefined && checkSpans) {
      const span = raw.span;
      if (!isRecord(span) || !validSpan(span.startOffset, span.endOffset)) return fail("a span is invalid");
      ref.span = { startOffset: span.startOffset as number, endOffset: span.endOffset as number };
    }
    refs.push(ref);
  }
  return ok(refs);
}

const validSpan = (start: unknown, end: unknown) =>
  Number.isInteger(start) &&
  Number.isInteger(end) &&
  (start as number) >= 0 &&
  (end as number) > (start as number);

function parseLifecycle(id: string, raw: unknown): Result<DiscoveryLifecycle> {
  if (!isRecord(raw)) return fail(`lifecycle of ${id} is not an object`);
  const { status, createdAt, updatedAt, supersededBy } = raw;
  if (status !== "active" && status !== "retired" && status !== "superseded")
    return fail(`lifecycle of ${id}: bad status`);
  if (typeof createdAt !== "string" || typeof updatedAt !== "string")
    return fail(`lifecycle of ${id}: bad timestamps`);
  if (status === "superseded") {
    if (!isNonEmpty(supersededBy) || supersededBy === id) return fail(`lifecycle of ${id}: bad supersededBy`);
    return ok({ status, createdAt, updatedAt, supersededBy });
  }
  if (supersededBy !== undefined) return fail(`lifecycle of ${id}: ${status} must not carry supersededBy`);
  return ok({ status, createdAt, updatedAt });
}
