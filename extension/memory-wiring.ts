// The rest of memory's pi wiring: `/keel memory status|search|read` (the user's view) and indexing what a
// confirmed keel compaction recorded (files read and modified) as derived records of the project.
import type { ExtensionContext, SessionCompactEvent } from "@earendil-works/pi-coding-agent";
import { compactionDetailsOf } from "../src/compact/details.ts";
import { callMemory } from "../src/memory/actions.ts";
import { memoryActor } from "../src/memory/actor.ts";
import { indexCompactionFacts } from "../src/memory/derived.ts";
import type { MemoryResult } from "../src/memory/model.ts";
import { renderMemoryStatus, renderRead, renderSearch } from "../src/memory/render.ts";
import { storeDeps } from "../src/project/context.ts";
import { guarded } from "./guarded.ts";
import type { KeelCommandRouter } from "./keel-command.ts";
import type { SessionRuntime } from "./runtime.ts";

const USAGE = "/keel memory [status | search <words> | read <id>]";

export function registerMemoryWiring(
  runtime: () => SessionRuntime | undefined,
  router: KeelCommandRouter,
): (event: SessionCompactEvent, ctx: ExtensionContext) => Promise<void> {
  router.add("memory", USAGE, async ([verb = "status", ...rest], ctx) => {
    const project = runtime()?.project;
    if (!project?.ok) {
      ctx.ui.notify("keel: memory is unavailable in this session (no store or no project)", "warning");
      return;
    }
    const deps = storeDeps(project.value);
    // The person typing the slash command; these verbs only read, so nothing needs approval.
    const actor = memoryActor({ ...project.value, origin: "owner" });
    const lines = (result: MemoryResult<unknown>, render: (value: never) => string[]) =>
      result.ok ? render(result.value as never) : [result.reason.message];
    let text: string[];
    if (verb === "status")
      text = lines(await callMemory(deps, actor, { action: "status" }), renderMemoryStatus);
    else if (verb === "search" && rest.length > 0)
      text = lines(await callMemory(deps, actor, { action: "search", query: rest.join(" ") }), renderSearch);
    else if (verb === "read" && rest[0])
      text = lines(await callMemory(deps, actor, { action: "read", id: rest[0] }), renderRead);
    else text = [`usage: ${USAGE}`];
    ctx.ui.notify(["keel memory:", ...text].join("\n"), "info");
  });

  /** session_compact: what a confirmed keel compaction recorded becomes derived records of the project. */
  return async function indexCompaction(event, ctx) {
    const entry = event.compactionEntry;
    const details = compactionDetailsOf(entry);
    if (details.strategy === "native") return;
    await guarded(ctx, "indexing the compaction in memory", async () => {
      const project = runtime()?.project;
      if (!project?.ok) return;
      await indexCompactionFacts(storeDeps(project.value), {
        projectId: project.value.project.id,
        sessionId: ctx.sessionManager.getSessionId(),
        branchId: entry.parentId ?? entry.id,
        filesRead: details.readFiles,
        filesModified: details.modifiedFiles,
      });
    });
  };
}
