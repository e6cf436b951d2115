// Pi adapter for memory's approvals: a person answers pi's confirmation box before an unpin or a cleanup applies
// (keel_memory itself is defined in src/memory/tool-defs.ts and registered by tools.ts). Without a UI, no.
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { ApprovalRequest } from "../src/memory/actions.ts";

/** A real yes from a person, or no: without an interactive UI nothing counts as consent. */
export async function askPerson(
  ctx: ExtensionContext,
  request: ApprovalRequest,
  projectId: string,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (!ctx.hasUI) return false;
  const message =
    request.kind === "unpin"
      ? `Unpin memory record ${request.id}? Records it links to lose their protection from cleanup.`
      : [
          `Project ${projectId.slice(0, 12)} · confirmation ${request.token}`,
          `Remove: ${request.proposal.removeIds.join(", ") || "nothing"}`,
          ...request.proposal.consolidations.map(
            (c) => `Merge ${c.sourceIds.join(", ")} into "${c.summary.title}"`,
          ),
        ].join("\n");
  const title =
    request.kind === "unpin" ? "keel: unpin a memory record?" : "keel: apply this memory cleanup?";
  return ctx.ui.confirm(title, message, { timeout: 60_000, signal });
}
