// Tool calls of tools other than pi's built-ins, and calls that never ran, in the checkpoint: bodies are shown
// by size only, file paths are tracked where the arguments' shape makes them clear, and a call in a response
// cut off before it ran is neither listed as a file operation nor given an outcome it never had.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderCheckpoint } from "../../src/compact/verbatim/index.ts";
import { walkBranch } from "../../src/session/branch.ts";
import { parseSessionText } from "../../src/session/parse.ts";
import { REPO_ROOT } from "../support/cli.ts";
import { spanBody } from "./scenario.ts";

const session = parseSessionText(
  readFileSync(join(REPO_ROOT, "test/fixtures/sessions/formats/v3-branched-custom.jsonl"), "utf8"),
);

function checkpointAt(leaf: string, firstKeptEntryId: string) {
  const walked = walkBranch(session, leaf);
  if (!walked.ok) throw new Error(walked.reason);
  const result = renderCheckpoint({ branch: walked.value.entries, cwd: "/srv/infra", firstKeptEntryId });
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

const filesOf = (summary: string, tag: string) =>
  new RegExp(`<${tag}[^>]*>\\n([\\s\\S]*?)</${tag}>`).exec(summary)![1]!.split("\n").filter(Boolean);

describe("custom tools in a checkpoint", () => {
  it("shows a custom tool's body arguments by size, never their text", () => {
    const { summary } = checkpointAt("c1000009", "c1000009");
    expect(spanBody(summary, 1)).toContain(
      '[Tool call] deploy_file(target="staging", file="conf/nginx.conf", content=[143 chars]) [ok]',
    );
    expect(summary).not.toMatch(/server_name|NGINX-BODY|LIMITS-BODY|limit_req_zone/);
  });

  it("tracks the files custom tools read and change, with paths relative to the cwd", () => {
    const { summary } = checkpointAt("c1000009", "c1000009");
    expect(spanBody(summary, 1)).toContain(
      '[Tool call] create_file(file_path="conf/limits.conf", content=[78 chars]) [ok]',
    );
    expect(filesOf(summary, "read-files")).toEqual(["conf/upstream.conf"]);
    expect(filesOf(summary, "modified-files")).toEqual([
      "conf/limits.conf (no read-tool output in tail)",
      "conf/nginx.conf (no read-tool output in tail)",
    ]);
    // remote_path names a file on another host: not a local file operation.
    expect(summary).not.toMatch(/^\/etc\/nginx/m);
  });
});

describe("calls in a response that was cut off", () => {
  it("are marked not run and never listed as file reads", () => {
    const { summary } = checkpointAt("c100000f", "c100000f");
    expect(filesOf(summary, "read-files")).toEqual([]);
    const span = spanBody(summary, 1);
    expect(span).toContain('[Tool call] read(path="conf/rollback-plan.md") [not run]');
    expect(span).toContain('[Tool call] bash(command="make rollback-staging") [not run]');
  });
});
