// Cost of one compaction of the same session, keel's verbatim checkpoint next to pi's native summary, in a
// real pi on the faux model: model calls and summarizer input tokens counted from the faux provider's log,
// plus the wall time of the RPC compact and the size of what was written.
import { createTempProject, type TempProject } from "../../test/support/temp-project.ts";
import type { Report } from "./measure.ts";

const PAD = " The padding keeps each turn long enough for the keep window to leave older turns to compact.";
const PROMPTS = Array.from(
  { length: 12 },
  (_, i) => `Step ${i + 1} of the refactor: move parser helper ${i} into its own module.${PAD}`,
);

interface Row {
  strategy: string;
  modelCalls: number;
  inputTokens: number;
  ms: number;
  summaryChars: number;
}

async function measure(project: TempProject, strategy: "verbatim" | "native"): Promise<Row> {
  const pi = await project.startPi();
  try {
    if (strategy === "native") await pi.command("/keel compact strategy native");
    for (const prompt of PROMPTS) await pi.prompt(prompt);
    const before = project.fauxRequests().length;
    const started = performance.now();
    const result = await pi.compact();
    const ms = performance.now() - started;
    const summaries = project
      .fauxRequests()
      .slice(before)
      .filter((r) => r.kind === "summary");
    return {
      strategy,
      modelCalls: summaries.length,
      inputTokens: summaries.reduce((sum, r) => sum + r.inputTokens, 0),
      ms,
      summaryChars: result.summary.length,
    };
  } finally {
    await pi.close();
  }
}

export const report: Report = {
  name: "compaction-cost",
  description:
    "one compaction of the same 12-turn session in real pi (faux model): keel verbatim vs pi native (target: 0 model calls for keel)",
  async run() {
    const rows: Row[] = [];
    for (const strategy of ["verbatim", "native"] as const) {
      const project = createTempProject({ name: `bench-${strategy}` });
      try {
        rows.push(await measure(project, strategy));
      } finally {
        project.cleanup();
      }
    }
    return {
      columns: ["strategy", "model calls", "summarizer input tokens", "compact wall time", "summary chars"],
      rows: rows.map((r) => [
        r.strategy === "verbatim" ? "keel verbatim" : "pi native",
        String(r.modelCalls),
        String(r.inputTokens),
        `${r.ms.toFixed(0)} ms`,
        String(r.summaryChars),
      ]),
      notes: [
        "input tokens are the faux provider's count (characters / 4) of each summary request; a real model's tokenizer differs",
      ],
    };
  },
};
