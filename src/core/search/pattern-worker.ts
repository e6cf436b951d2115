// The search worker's script: re2js (a linear-time RE2 engine) plus the loop that tests lines against one
// compiled pattern. The loop is a self-contained function turned into source text, so the worker needs no file
// on disk: the binary, the pi extension bundle and a source checkout all start it from a string.
import { readAsset } from "../assets.ts";

/** Messages the worker answers with: a compile outcome, progress inside a chunk, and a finished chunk. */
export type WorkerReply =
  | { type: "compiled"; error?: string; size?: number }
  | { type: "progress" | "scanned"; upTo: number; hits: number[]; at?: number[] };

/**
 * Requests the worker takes: compile one pattern, then scan chunks of lines numbered from `base`; with `locate`,
 * each hit also carries where its first match starts (`at`, in UTF-16 units).
 */
export type WorkerRequest =
  | { type: "compile"; pattern: string; literal: boolean; caseSensitive: boolean; maxProgram: number }
  | { type: "scan"; base: number; lines: string[]; locate?: boolean };

interface Compiled {
  programSize(): number;
  test(input: string): boolean;
  matcher(input: string): { find(): boolean; start(): number };
}
interface Engine {
  CASE_INSENSITIVE: number;
  quote(text: string): string;
  compile(pattern: string, flags: number): Compiled;
}
interface Port {
  on(event: "message", listener: (message: WorkerRequest) => void): void;
  postMessage(message: WorkerReply): void;
}

/** Runs inside the worker. It must not refer to anything outside itself: it is sent as text. */
function workerMain(engine: Engine, port: Port): void {
  let compiled: Compiled | undefined;
  /** A literal query's text, lower-cased unless case matters: found by indexOf, which is faster than find(). */
  let needle: { text: string; folded: boolean } | undefined;
  const locate = (line: string): number => {
    if (needle) {
      const hay = needle.folded ? line.toLowerCase() : line;
      const at = hay.indexOf(needle.text);
      if (at >= 0 && hay.length === line.length) return at;
    }
    const matcher = (compiled as Compiled).matcher(line);
    return matcher.find() ? matcher.start() : -1;
  };
  port.on("message", (message) => {
    if (message.type === "compile") {
      const folded = !message.caseSensitive;
      needle = message.literal
        ? { text: folded ? message.pattern.toLowerCase() : message.pattern, folded }
        : undefined;
      try {
        const source = message.literal ? engine.quote(message.pattern) : message.pattern;
        const re = engine.compile(source, message.caseSensitive ? 0 : engine.CASE_INSENSITIVE);
        const size = re.programSize();
        if (size > message.maxProgram) port.postMessage({ type: "compiled", size });
        else {
          compiled = re;
          port.postMessage({ type: "compiled" });
        }
      } catch (error) {
        port.postMessage({ type: "compiled", error: String((error as Error)?.message ?? error) });
      }
      return;
    }
    const hits: number[] = [];
    const at: number[] = [];
    const found = (): { hits: number[]; at?: number[] } =>
      message.locate ? { hits: hits.splice(0), at: at.splice(0) } : { hits: hits.splice(0) };
    let reported = Date.now();
    for (let i = 0; i < message.lines.length; i++) {
      const line = message.lines[i] as string;
      if (compiled?.test(line)) {
        hits.push(message.base + i);
        if (message.locate) at.push(locate(line));
      }
      if (Date.now() - reported > 20) {
        port.postMessage({ type: "progress", upTo: message.base + i + 1, ...found() });
        reported = Date.now();
      }
    }
    port.postMessage({ type: "scanned", upTo: message.base + message.lines.length, ...found() });
  });
}

let script: string | undefined;

/** The worker's whole source (built once): re2js's CommonJS build in a local module scope, then the loop. */
export function patternWorkerScript(): string {
  script ??= [
    '"use strict";',
    "const keelEngine = { exports: {} };",
    `(function (module, exports) {\n${readAsset("vendor/re2js.cjs")}\n})(keelEngine, keelEngine.exports);`,
    `(${workerMain.toString()})(keelEngine.exports.RE2JS, require("node:worker_threads").parentPort);`,
  ].join("\n");
  return script;
}
