// The UI server refuses a request it cannot check against DNS rebinding: HTTP/1.0 without Host gets 400 (it
// used to be a 500 "Invalid URL"), a foreign Host 403, on the real `keel ui` process.
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedEnv } from "../support/cli.ts";
import { type RunningUi, startKeelUi } from "../support/keel-ui.ts";

const root = mkdtempSync(join(tmpdir(), "keel-ui-http10-"));
let ui: RunningUi;
beforeAll(async () => {
  ui = await startKeelUi({
    cwd: root,
    env: isolatedEnv(join(root, "agent"), { KEEL_DB: join(root, "keel.db") }),
  });
}, 60_000);
afterAll(async () => {
  await ui?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Sends raw bytes and returns the status line of the reply. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let reply = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    socket.on("data", (chunk) => {
      reply += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(reply.split("\r\n")[0] ?? ""));
  });
}

describe("keel ui and requests without Host", () => {
  it.each([
    ["HTTP/1.0 without Host", `GET / HTTP/1.0\r\n\r\n`, 400],
    ["HTTP/1.0 API call without Host", `GET /api/status HTTP/1.0\r\n\r\n`, 400],
    ["absolute URL without Host", `GET http://127.0.0.1/ HTTP/1.0\r\n\r\n`, 400],
    ["foreign Host", `GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`, 403],
  ])("%s", async (_name, text, status) => {
    expect(await rawRequest(ui.port, text)).toMatch(new RegExp(`^HTTP/1\\.[01] ${status} `));
    expect(ui.stderr()).not.toMatch(/Invalid URL/);
  });
});
