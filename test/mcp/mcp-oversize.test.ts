// keel mcp on stdio answers a message of 10 MiB or more with an error (naming its request id when it can read
// it), says why on stderr, and goes on serving; input that ends inside a big message is reported, not silent.
import { describe, expect, it } from "vitest";
import { leadingId } from "../../src/mcp/stdio-transport.ts";
import { mcpOversize } from "../support/hardening/mcp-oversize.ts";

describe("keel mcp and oversized messages", () => {
  it("reads the request id from the start of a message", () => {
    expect(leadingId('{"jsonrpc":"2.0","id":42,"method":"tools/call"')).toBe(42);
    expect(leadingId('{"id":"a\\"b","jsonrpc":"2.0"')).toBe('a"b');
    expect(leadingId("xxxxxxxx")).toBeNull();
  });

  it("no silent exit and no end of serving for 10 MiB and larger messages", async () => {
    expect(await mcpOversize()).toEqual({ cases: 4, silentExits: 0, stoppedServing: 0 });
  }, 300_000);
});
