// The session recall tools over MCP: entries, grep and entry on one pi session file (by default this project's
// newest session), named as the pi tools keel_entries, keel_grep and keel_entry, with their parameter schemas
// plus the file. Each call reads the file's current branch and runs runLookupTool, the pi tools' dispatcher.
import { realpathSync } from "node:fs";
import { resolve, sep } from "node:path";
import { type TObject, Type } from "typebox";
import { shortForTerminal } from "../../core/terminal-text.ts";
import { buildTranscript } from "../../recall/lookup/index.ts";
import {
  EntriesParams,
  EntryParams,
  GrepParams,
  type LookupToolName,
  runLookupTool,
} from "../../recall/lookup/tool-schemas.ts";
import { loadSessionBranch } from "../../session/load-branch.ts";
import { latestProjectSession } from "../../session/session-files.ts";
import { defineTool, type McpTool, READ_ONLY } from "./tool.ts";

const SessionFile = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 4096,
    description: "path of a pi session JSONL file (default: this project's newest session)",
  }),
);

function withSession(params: TObject): TObject {
  return Type.Object({ session: SessionFile, ...params.properties }, { additionalProperties: false });
}

/** The real path of `path`, or itself when it cannot be resolved (a missing file is reported by the reader). */
function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** A host-named session file must lie under pi's session folders or a root the host allowed at start-up. */
function allowedSession(file: string, roots: readonly string[]): string | undefined {
  const real = realOr(file);
  if (roots.some((root) => real.startsWith(`${realOr(root)}${sep}`))) return undefined;
  return `${shortForTerminal(file, 120)} is not under pi's session folder (${roots[0] ?? "none"}); start keel mcp with --session-root <dir> to allow another folder`;
}

function recallTool(name: LookupToolName, params: TObject, description: string): McpTool {
  return defineTool({
    name: `keel_recall_${name}`,
    title: `keel recall ${name}`,
    description,
    schema: withSession(params),
    annotations: READ_ONLY,
    async run(session, args) {
      const { session: given, ...rest } = args as { session?: string } & Record<string, unknown>;
      const { sessionDirs, project } = session.host;
      const file = given ?? (await latestProjectSession(sessionDirs, project.root));
      if (file === undefined)
        return {
          text: `error: no pi session of ${project.root} in ${sessionDirs.join(", ")}`,
          data: null,
          isError: true,
        };
      const refused =
        given === undefined
          ? undefined
          : allowedSession(given, [...sessionDirs, ...(session.host.sessionRoots ?? [])]);
      if (refused) return { text: `error: ${refused}`, data: null, isError: true };
      const loaded = await loadSessionBranch(file);
      if (!loaded.ok) return { text: `error: ${loaded.reason}`, data: null, isError: true };
      const answer = await runLookupTool(buildTranscript(loaded.value.branch), name, rest);
      return { ...answer, data: null };
    },
  });
}

export const RECALL_TOOLS: McpTool[] = [
  recallTool(
    "entries",
    EntriesParams,
    "List a session branch's entries with ids, roles and previews (paged).",
  ),
  recallTool("grep", GrepParams, "Search a session branch's rendered text, with context lines (paged)."),
  recallTool("entry", EntryParams, "Show one entry of a session branch in full (paged by lines)."),
];
