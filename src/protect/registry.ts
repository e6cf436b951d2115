// Pure mutations of the protected registry and its modes. Each returns a value: either the new state or the
// reason nothing changed, so "nothing changes on invalid input" holds by construction (the old state is kept).
import { fail, ok, type Result } from "../core/result.ts";
import type {
  AutoMode,
  DiscoveryLifecycle,
  ItemKind,
  ProtectedItem,
  ProtectState,
  RecoveryMode,
} from "./types.ts";

export type Mutation = Result<ProtectState>;

export function addItem(
  state: ProtectState,
  input: { id: string; kind: ItemKind; content: string; critical: boolean },
): Mutation {
  if (state.items.some((item) => item.id === input.id))
    return fail(`an item with id "${input.id}" already exists`);
  return ok({ ...state, items: [...state.items, { ...input }] });
}

/** Removes one item and its own evidence and lifecycle; references to it elsewhere stay as recorded. */
export function removeItem(state: ProtectState, id: string): Mutation {
  if (!state.items.some((item) => item.id === id)) return fail(`no item with id "${id}"`);
  const { [id]: _p, ...discoveryEvidence } = state.discoveryEvidence;
  const { [id]: _l, ...discoveryLifecycle } = state.discoveryLifecycle;
  return ok({
    ...state,
    items: state.items.filter((item) => item.id !== id),
    autoItemIds: state.autoItemIds.filter((x) => x !== id),
    discoveryItemIds: state.discoveryItemIds.filter((x) => x !== id),
    discoveryEvidence,
    discoveryLifecycle,
  });
}

export function clearItems(state: ProtectState): ProtectState {
  return {
    ...state,
    items: [],
    autoItemIds: [],
    discoveryItemIds: [],
    discoveryEvidence: {},
    discoveryLifecycle: {},
  };
}

export function setRecovery(state: ProtectState, mode: RecoveryMode): Mutation {
  return state.recovery === mode ? fail(`recovery is already ${mode}`) : ok({ ...state, recovery: mode });
}

export function setAutoMode(
  state: ProtectState,
  which: "extraction" | "discovery",
  mode: AutoMode,
): Mutation {
  return state[which] === mode ? fail(`${which} is already ${mode}`) : ok({ ...state, [which]: mode });
}

function discoveryLifecycleOf(state: ProtectState, id: string): DiscoveryLifecycle | { error: string } {
  if (!state.items.some((item) => item.id === id)) return { error: `no item with id "${id}"` };
  if (!state.discoveryItemIds.includes(id)) return { error: `"${id}" is not a discovery` };
  return state.discoveryLifecycle[id] ?? { error: `"${id}" has no lifecycle record` };
}

export function retireDiscovery(state: ProtectState, id: string, at: string): Mutation {
  const record = discoveryLifecycleOf(state, id);
  if ("error" in record) return fail(record.error);
  if (record.status !== "active") return fail(`"${id}" is already ${record.status}`);
  const next: DiscoveryLifecycle = { status: "retired", createdAt: record.createdAt, updatedAt: at };
  return ok({ ...state, discoveryLifecycle: { ...state.discoveryLifecycle, [id]: next } });
}

export function supersedeDiscovery(state: ProtectState, id: string, byId: string, at: string): Mutation {
  const record = discoveryLifecycleOf(state, id);
  if ("error" in record) return fail(record.error);
  if (id === byId) return fail("a discovery cannot supersede itself");
  if (record.status !== "active") return fail(`"${id}" is already ${record.status}`);
  const replacement = discoveryLifecycleOf(state, byId);
  if ("error" in replacement) return fail(`replacement: ${replacement.error}`);
  if (replacement.status !== "active")
    return fail(`the replacement "${byId}" is ${replacement.status}, not active`);
  const next: DiscoveryLifecycle = {
    status: "superseded",
    createdAt: record.createdAt,
    updatedAt: at,
    supersededBy: byId,
  };
  return ok({ ...state, discoveryLifecycle: { ...state.discoveryLifecycle, [id]: next } });
}

/** Whether recovery may re-inject an item: everything except retired or superseded discoveries. */
export function isRecoverable(state: ProtectState, id: string): boolean {
  if (!state.discoveryItemIds.includes(id)) return true;
  return (state.discoveryLifecycle[id]?.status ?? "active") === "active";
}

export interface RegistryCounts {
  items: number;
  critical: number;
  manual: number;
  auto: number;
  discovery: number;
  active: number;
  superseded: number;
  retired: number;
}

export function countItems(state: ProtectState): RegistryCounts {
  const counts: RegistryCounts = {
    items: 0,
    critical: 0,
    manual: 0,
    auto: 0,
    discovery: 0,
    active: 0,
    superseded: 0,
    retired: 0,
  };
  for (const item of state.items) {
    counts.items++;
    if (item.critical) counts.critical++;
    if (state.discoveryItemIds.includes(item.id)) {
      counts.discovery++;
      counts[state.discoveryLifecycle[item.id]?.status ?? "active"]++;
    } else if (state.autoItemIds.includes(item.id)) counts.auto++;
    else counts.manual++;
  }
  return counts;
}

export const itemById = (state: ProtectState, id: string): ProtectedItem | undefined =>
  state.items.find((item) => item.id === id);
