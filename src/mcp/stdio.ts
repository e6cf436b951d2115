// `keel mcp` on stdio: one host, one session, the store open until the host closes stdin. Oversized messages
// are answered with an error by the transport (stdio-transport.ts) and serving goes on.
import { createMcpServer } from "./server.ts";
import type { McpSession } from "./session.ts";
import { BoundedStdioTransport } from "./stdio-transport.ts";

/** Serves `session` on this process's stdin/stdout; resolves when the host disconnects. */
export async function serveStdio(session: McpSession): Promise<void> {
  const server = createMcpServer(session);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
  await server.connect(new BoundedStdioTransport());
  await closed;
  await server.close();
}
