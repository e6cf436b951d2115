// keel's persisted protect state (custom entry `keel.protect.state`, schemaVersion 1) and the import of the
// original extension's `agent-context-guard-state` entries (schema v1–v5). Validation is structural; a state that
// fails it is rejected as a whole (the caller starts empty and degraded), references to items that no longer
// exist are dropped, and discoveries without a lifecycle record come back active. The shapes of items,
// evidence references and lifecycle records are TypeBox schemas checked with Value.Check. A discovery's evidence
// references are persisted under the key `discoveryProvenance` (keel and the original write it; it stays as is)
// and held in memory as `discoveryEvidence`.
import { Type } from "typebox";
import { Value } from "typebox/value";
import { fail, ok, type Result } from "../core/result.ts";
import {
  type DiscoveryLifecycle,
  type EvidenceRef,
  ITEM_KINDS,
  type ProtectedItem,
  type ProtectState,
} from "./types.ts";

// Open objects: entries written by other versions may carry fields keel does not read.
const NonEmpty = Type.String({ minLength: 1 });
const ItemShape = Type.Object({ id: NonEmpty, kind: Type.Enum(ITEM_KINDS) });
const ItemFields = Type.Object({ content: NonEmpty, critical: Type.Optional(Type.Boolean()) });
const RefShape = Type.Object({ toolCallId: NonEmpty, toolName: Type.String(), quoteHash: NonEmpty });
const SpanShape = Type.Object({
  startOffset: Type.Integer({ minimum: 0 }),
  endOffset: Type.Integer({ minimum: 1 }),
});
const Stamps = { createdAt: Type.String(), updatedAt: Type.String() };
const LifecycleShape = Type.Union([
  Type.Object({
    status: Type.Enum(["active", "retired"]),
    ...Stamps,
    supersededBy: Type.Optional(Type.Never()),
  }),
  Type.Object({ status: Type.Literal("superseded"), ...Stamps, supersededBy: NonEmpty }),
]);

export const STATE_TYPE = "keel.protect.state";
export const ORIGINAL_STATE_TYPE = "agent-context-guard-state";
export const STATE_VERSION = 1;

/** The entry's data: the state, with each discovery's evidence under its persisted key. */
export interface PersistedState extends Omit<ProtectState, "discoveryEvidence"> {
  schemaVersion: typeof STATE_VERSION;
  discoveryProvenance: ProtectState["discoveryEvidence"];
}

export function persistedState(state: ProtectState): PersistedState {
  const { discoveryEvidence, ...rest } = structuredClone(state);
  return { schemaVersion: STATE_VERSION, ...rest, discoveryProvenance: discoveryEvidence };
}

type Loose = Record<string, unknown>;
const isRecord = (v: unknown): v is Loose => v !== null && typeof v === "object" && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Value.Check(Type.Array(Type.String()), v);

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
    discoveryEvidence: {},
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
    if (!Value.Check(ItemShape, raw)) return fail("an item has no valid id or kind");
    if (!Value.Check(ItemFields, raw))
      return fail(`item ${raw.id} has no content or a critical flag that is not a boolean`);
    if (seen.has(raw.id)) return fail(`duplicate item id ${raw.id}`);
    seen.add(raw.id);
    items.push({ id: raw.id, kind: raw.kind, content: raw.content, critical: raw.critical === true });
  }
  return ok(items);
}

type DiscoveryFields = Pick<
  ProtectState,
  "discovery" | "discoveryItemIds" | "discoveryEvidence" | "discoveryLifecycle"
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
  const discoveryEvidence: Record<string, EvidenceRef[]> = {};
  for (const [id, refs] of Object.entries(data.discoveryProvenance)) {
    const parsed = parseRefs(refs, version >= 4);
    if (!parsed.ok) return fail(`evidence of ${id}: ${parsed.reason}`);
    if (discoveryItemIds.includes(id)) discoveryEvidence[id] = parsed.value;
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
  return ok({ discovery: data.discovery, discoveryItemIds, discoveryEvidence, discoveryLifecycle });
}

function parseRefs(value: unknown, checkSpans: boolean): Result<EvidenceRef[]> {
  if (!Array.isArray(value)) return fail("not an array");
  const refs: EvidenceRef[] = [];
  for (const raw of value) {
    if (!Value.Check(RefShape, raw)) return fail("a reference lacks toolCallId, toolName or quoteHash");
    const ref: EvidenceRef = { toolCallId: raw.toolCallId, toolName: raw.toolName, quoteHash: raw.quoteHash };
    const span = (raw as Loose).span;
    if (span !== undefined && checkSpans) {
      if (!Value.Check(SpanShape, span) || span.endOffset <= span.startOffset)
        return fail("a span is invalid");
      ref.span = { startOffset: span.startOffset, endOffset: span.endOffset };
    }
    refs.push(ref);
  }
  return ok(refs);
}

function parseLifecycle(id: string, raw: unknown): Result<DiscoveryLifecycle> {
  if (!Value.Check(LifecycleShape, raw))
    return fail(`lifecycle of ${id}: needs a status, timestamps, and supersededBy only when superseded`);
  const { status, createdAt, updatedAt } = raw;
  if (raw.status !== "superseded") return ok({ status: raw.status, createdAt, updatedAt });
  if (raw.supersededBy === id) return fail(`lifecycle of ${id}: bad supersededBy`);
  return ok({ status, createdAt, updatedAt, supersededBy: raw.supersededBy });
}
