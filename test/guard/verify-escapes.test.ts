// keel verify --timeout returns at its timeout, through the CLI and over MCP stdio, when the command leaves its
// process group, kills what it started and says so (the same family `npm run proof` runs).
import { describe, expect, it } from "vitest";
import { escapeCommands, verifyEscapes } from "../support/hardening/verify-escapes.ts";

describe("verify and process-group escapes", () => {
  it("no run returns more than 2 s past its timeout, none reports silently, no process survives", async () => {
    const figures = await verifyEscapes();
    expect(figures).toMatchObject({
      cases: escapeCommands(0).length * 2,
      late: 0,
      survived: 0,
      unreported: 0,
    });
  }, 600_000);
});
