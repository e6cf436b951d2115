// One spilled tool output written by real pi with keel installed, for the storage page's browser test and the
// README screenshot: a folder of 300 long file names, a scripted `ls` of it after `/keel trim spill on`, and the
// artifact record pi wrote in the session (hash, origin session, entry). Always `project.cleanup()`.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempProject, type TempProject } from "./temp-project.ts";

export const SPILLED_NAMES = Array.from(
  { length: 300 },
  (_, i) => `listing-entry-${String(i).padStart(3, "0")}-${"y".repeat(50)}.txt`,
);

export interface RealSpill {
  project: TempProject;
  spill: { sha256: string; origin: string; entryId: string };
}

type Entry = {
  id: string;
  message?: { details?: { keelArtifact?: { sha256: string; origin: string } } };
};

export async function spillInRealPi(name: string): Promise<RealSpill> {
  const project = createTempProject({ name });
  try {
    mkdirSync(join(project.projectDir, "many"));
    for (const file of SPILLED_NAMES) writeFileSync(join(project.projectDir, "many", file), "");
    project.writeFauxScript({
      rules: [
        { on: "user", match: "^list many", toolCalls: [{ name: "ls", arguments: { path: "many" } }] },
        { on: "toolResult", match: "^ls\\n", reply: "Listed: 300 files, all named listing-entry-*." },
      ],
    });
    const pi = await project.startPi({ extraArgs: ["--tools", "+ls"] });
    try {
      await pi.command("/keel trim spill on");
      await pi.prompt("list many files");
      const entries = (await pi.readSessionEntries()) as Entry[];
      const spilled = entries.find((e) => e.message?.details?.keelArtifact);
      const record = spilled?.message?.details?.keelArtifact;
      if (!spilled || !record) throw new Error("pi wrote no spilled tool result");
      return { project, spill: { sha256: record.sha256, origin: record.origin, entryId: spilled.id } };
    } finally {
      await pi.close();
    }
  } catch (error) {
    project.cleanup();
    throw error;
  }
}
