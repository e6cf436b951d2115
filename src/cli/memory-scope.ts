// The project's memory as the person at the CLI sees it: the store opened for the current project, keel_memory
// actions run as the owner, failures as exit codes; and `memory search`'s printing, which the hot path in
// program.ts runs without commander (this module imports none of it).
import { ExitCode, UserError } from "../core/errors.ts";
import { type ActionData, callMemory, type MemoryAction, type MemoryToolParams } from "../memory/actions.ts";
import { memoryActor } from "../memory/actor.ts";
import type { MemoryKind, MemoryResult } from "../memory/model.ts";
import type { MemoryDeps } from "../memory/policy.ts";
import { renderSearch } from "../memory/render.ts";
import { storeDeps } from "../project/context.ts";
import type { CommandContext } from "./context.ts";
import { withProjectStore } from "./project-store.ts";

export type MemoryParams<A extends MemoryAction> = { action: A } & Omit<MemoryToolParams, "action">;

export interface MemoryScope {
  deps: MemoryDeps;
  projectId: string;
  ctx: CommandContext;
  /** Runs a keel_memory action as the person at the terminal: same checks and errors as the tool. */
  call: <A extends MemoryAction>(
    params: MemoryParams<A>,
    options?: { confirmation?: string },
  ) => Promise<ActionData[A]>;
}

/**
 * Opens the store for the current project, runs `body`, closes the store. With `reading` (a search), the project is
 * not recorded as seen and Drizzle is not loaded: the body may run only actions that read through `store.read`.
 */
export async function withMemory(
  ctx: CommandContext,
  body: (scope: MemoryScope) => Promise<void>,
  options: { reading?: boolean } = {},
) {
  await withProjectStore(
    ctx,
    (owner) => {
      const deps = storeDeps(owner);
      // A person at the CLI is the approval unpinning needs; cleanup needs the plan's token (--token).
      const actor = memoryActor({ ...owner, approve: async () => true });
      const call: MemoryScope["call"] = async (params, options) => {
        actor.confirmation = options?.confirmation;
        return need(await callMemory(deps, actor, params));
      };
      return body({ deps, projectId: owner.project.id, ctx, call });
    },
    options,
  );
}

/** Unwraps a memory result or turns its failure into an error with an exit code (2 for bad input, else 1). */
function need<T>(result: MemoryResult<T>): T {
  if (result.ok) return result.value;
  const { code, message, field } = result.reason;
  const exit = code === "INVALID_INPUT" ? ExitCode.usage : ExitCode.checkFailed;
  throw new UserError(`${code}: ${message}${field ? ` (field ${field})` : ""}`, exit);
}

export interface SearchOptions {
  /** Other phrasings of the same question (`--or`), fused with it. */
  or?: string[];
  kind?: string[];
  superseded?: boolean;
  derived?: boolean;
  /** How many results; `keel memory search` defaults to SEARCH_LIMIT_DEFAULT. */
  limit: number;
}

export const SEARCH_LIMIT_DEFAULT = 10;

/** `keel memory search <words…>`: ranked hits for the words, printed. */
export function printMemorySearch(ctx: CommandContext, words: string[], o: SearchOptions): Promise<void> {
  return withMemory(
    ctx,
    async ({ call }) => {
      const result = await call({
        action: "search",
        query: words.join(" "),
        queries: o.or,
        kinds: o.kind && ([...new Set(o.kind)] as MemoryKind[]),
        includeSuperseded: Boolean(o.superseded),
        source: o.derived ? "derived" : "records",
        limit: o.limit,
      });
      ctx.out.result(result, renderSearch(result));
    },
    { reading: true },
  );
}
