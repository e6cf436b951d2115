// keel's stdio transport for MCP: newline-delimited JSON-RPC on stdin/stdout, like the SDK's, except that a
// message over the size limit is never buffered whole and never ends the server. Its bytes are dropped as they
// arrive, the sender gets a JSON-RPC error (for the request id when one is readable at its start), stderr says
// why, and the next message is served as usual.
import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** Largest message read (10 MiB, the SDK's own buffer size); larger ones are answered with an error. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Bytes of an oversized message kept to find its request id. */
const HEAD_BYTES = 4096;
const NEWLINE = 0x0a;

/** The request id near the start of a message, when one can be read there. */
export function leadingId(head: string): string | number | null {
  const match = /"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")/.exec(head);
  if (!match?.[1]) return null;
  return match[1].startsWith('"') ? (JSON.parse(match[1]) as string) : Number(match[1]);
}

interface Streams {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  log: (line: string) => void;
}

export class BoundedStdioTransport implements Transport {
  onmessage?: Transport["onmessage"];
  onerror?: Transport["onerror"];
  onclose?: Transport["onclose"];
  private parts: Buffer[] = [];
  private size = 0;
  private oversized = false;
  private head = "";
  private readonly streams: Streams;
  private readonly maxBytes: number;

  constructor(
    streams: Streams = {
      input: process.stdin,
      output: process.stdout,
      log: (line) => process.stderr.write(`${line}\n`),
    },
    maxBytes = MAX_MESSAGE_BYTES,
  ) {
    this.streams = streams;
    this.maxBytes = maxBytes;
  }

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.take(chunk.subarray(start, end));
      this.endMessage();
      start = end + 1;
    }
    this.take(chunk.subarray(start));
  };

  private readonly onError = (error: Error) => this.onerror?.(error);

  async start(): Promise<void> {
    this.streams.input.on("data", this.onData);
    this.streams.input.on("error", this.onError);
  }

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (!this.oversized && this.size + piece.length > this.maxBytes) {
      this.oversized = true;
      this.head = Buffer.concat([...this.parts, piece]).toString("utf8", 0, HEAD_BYTES);
      this.parts = [];
    }
    this.size += piece.length;
    if (!this.oversized) this.parts.push(piece);
  }

  private endMessage(): void {
    const { oversized, size, head } = this;
    const line = oversized ? "" : Buffer.concat(this.parts).toString("utf8").replace(/\r$/, "");
    this.parts = [];
    this.size = 0;
    this.oversized = false;
    this.head = "";
    if (oversized) {
      this.refuse(size, head);
      return;
    }
    if (line.trim() === "") return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    this.onmessage?.(message);
  }

  private refuse(size: number, head: string): void {
    const id = leadingId(head);
    const text = `message of ${size} bytes is larger than the limit of ${this.maxBytes} bytes; not read`;
    this.streams.log(`keel mcp: ${text}${id === null ? "" : ` (request id ${JSON.stringify(id)})`}`);
    const error = { jsonrpc: "2.0" as const, id, error: { code: -32600, message: text } };
    void this.send(error as unknown as JSONRPCMessage);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.streams.output.write(serializeMessage(message))) resolve();
      else this.streams.output.once("drain", resolve);
    });
  }

  async close(): Promise<void> {
    this.streams.input.off("data", this.onData);
    this.streams.input.off("error", this.onError);
    if (this.streams.input.listenerCount("data") === 0) this.streams.input.pause();
    if (this.size > 0) this.streams.log("keel mcp: the input ended inside a message; it was not read");
    this.parts = [];
    this.onclose?.();
  }
}
