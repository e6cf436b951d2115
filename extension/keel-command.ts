// The /keel slash command router: `/keel` and `/keel status` show status; areas register their own verbs
// (`/keel contract …`, `/keel verify …`). Unknown verbs get a usage line, never an exception.
import type { ExtensionCommandContext } from "@earendil-works/pi-coding-agent";

/** `args` are split words; `rest` is the text after the verb exactly as typed (for content stored verbatim). */
export type SubcommandHandler = (args: string[], ctx: ExtensionCommandContext, rest: string) => Promise<void>;

export interface KeelCommandRouter {
  add(verb: string, usage: string, handler: SubcommandHandler): void;
  dispatch(raw: string, ctx: ExtensionCommandContext): Promise<void>;
}

/** Splits slash-command arguments on whitespace, keeping "quoted phrases" together. */
export function splitArgs(raw: string): string[] {
  return [...raw.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
}

export function createRouter(status: SubcommandHandler): KeelCommandRouter {
  const verbs = new Map<string, { usage: string; handler: SubcommandHandler }>();
  return {
    add(verb, usage, handler) {
      verbs.set(verb, { usage, handler });
    },
    async dispatch(raw, ctx) {
      const [verb, ...args] = splitArgs(raw.trim());
      const rest = raw.replace(/^\s*\S+\s?/, "");
      if (verb === undefined || verb === "status") return status(args, ctx, rest);
      const entry = verbs.get(verb);
      if (entry) return entry.handler(args, ctx, rest);
      const usage = ["/keel [status]", ...[...verbs.values()].map((v) => v.usage)].join("\n  ");
      ctx.ui.notify(`keel: unknown command "${verb}". Usage:\n  ${usage}`, "warning");
    },
  };
}
