// `/keel protect …` as a pure function: raw argument text in, the reply and (only on success) the new state
// out. Invalid syntax, unknown kinds, duplicates and an already-selected mode change nothing.
import {
  addItem,
  clearItems,
  type Mutation,
  removeItem,
  retireDiscovery,
  setAutoMode,
  setRecovery,
  supersedeDiscovery,
} from "./registry.ts";
import { renderCandidates, renderList, renderStatus, type StatusExtras } from "./render.ts";
import { ITEM_KINDS, isItemKind, type ProtectState } from "./types.ts";

export const PROTECT_USAGE =
  "/keel protect add <id> <kind> [--critical] <content…> | list | remove <id> | clear [--yes] | status | " +
  "recovery [off|critical] | extraction [off|automatic] | discovery [off|automatic] | discovery retire <id> | " +
  "discovery supersede <id> <byId> | discovery candidates";

export interface CommandReply {
  message: string;
  level: "info" | "warning";
  /** Present only when the registry or a mode changed: persist it and drop any pending snapshot. */
  state?: ProtectState;
}

const info = (message: string, state?: ProtectState): CommandReply => ({
  message: `keel protect: ${message}`,
  level: "info",
  state,
});
const warn = (message: string): CommandReply => ({ message: `keel protect: ${message}`, level: "warning" });
const usage = (why?: string): CommandReply => warn(`${why ? `${why}. ` : ""}usage: ${PROTECT_USAGE}`);

/** Splits off the first whitespace-delimited token; `rest` keeps the remaining text as typed. */
function nextToken(text: string): { token: string | undefined; rest: string } {
  const match = /^\s*(\S+)/.exec(text);
  if (!match) return { token: undefined, rest: "" };
  return { token: match[1], rest: text.slice(match[0].length) };
}

function tokens(text: string): string[] {
  return text.split(/\s+/).filter((t) => t !== "");
}

function fromMutation(result: Mutation, success: string): CommandReply {
  return result.ok ? info(success, result.value) : warn(`${result.reason}; nothing changed.`);
}

export interface CommandEnv {
  now: string;
  extras: StatusExtras;
}

export function runProtectCommand(raw: string, state: ProtectState, env: CommandEnv): CommandReply {
  const { token: verb, rest } = nextToken(raw);
  const args = tokens(rest);
  switch (verb) {
    case "add":
      return addCommand(rest, state);
    case "list":
      return args.length > 0 ? usage("list takes no arguments") : info(renderList(state));
    case "status":
      return args.length > 0 ? usage("status takes no arguments") : info(renderStatus(state, env.extras));
    case "remove":
      if (args.length !== 1) return usage("remove takes exactly one id");
      return fromMutation(
        removeItem(state, args[0]!),
        `removed ${args[0]}. ${state.items.length - 1} item(s) left.`,
      );
    case "clear":
      return clearCommand(rest, state);
    case "recovery":
      if (args.length !== 1 || (args[0] !== "off" && args[0] !== "critical"))
        return usage("recovery needs off or critical");
      return fromMutation(setRecovery(state, args[0]), `recovery is now ${args[0]}.`);
    case "extraction":
      return modeCommand("extraction", args, state);
    case "discovery":
      return discoveryCommand(args, state, env.now);
    default:
      return usage(verb === undefined ? undefined : `unknown protect command "${verb}"`);
  }
}

function addCommand(rest: string, state: ProtectState): CommandReply {
  const id = nextToken(rest);
  const kind = nextToken(id.rest);
  if (!id.token || !kind.token) return usage("add needs an id, a kind and content");
  if (!isItemKind(kind.token)) return usage(`unknown kind "${kind.token}" (kinds: ${ITEM_KINDS.join(", ")})`);
  let after = kind.rest;
  const flag = nextToken(after);
  const critical = flag.token === "--critical";
  if (critical) after = flag.rest;
  let content = after.replace(/^\s+/, "");
  if (content.endsWith(" ")) content = content.slice(0, -1);
  if (content.trim() === "") return usage("add needs non-empty content");
  const result = addItem(state, { id: id.token, kind: kind.token, content, critical });
  if (!result.ok) return warn(`${result.reason}; nothing changed.`);
  const criticalCount = result.value.items.filter((item) => item.critical).length;
  return info(
    `added ${id.token} (${kind.token}${critical ? ", critical" : ""}). ${result.value.items.length} item(s), ${criticalCount} critical.`,
    result.value,
  );
}

function clearCommand(rest: string, state: ProtectState): CommandReply {
  const arg = rest.trim();
  if (arg === "")
    return info(
      `this would delete ${state.items.length} item(s). Run /keel protect clear --yes to delete them.`,
    );
  if (arg !== "--yes") return usage("clear takes only --yes");
  return info(`deleted ${state.items.length} item(s).`, clearItems(state));
}

function modeCommand(which: "extraction" | "discovery", args: string[], state: ProtectState): CommandReply {
  if (args.length === 0) return info(`${which} is ${state[which]}.`);
  const mode = args[0];
  if (args.length !== 1 || (mode !== "off" && mode !== "automatic"))
    return usage(`${which} takes off or automatic`);
  return fromMutation(setAutoMode(state, which, mode), `${which} is now ${mode}.`);
}

function discoveryCommand(args: string[], state: ProtectState, now: string): CommandReply {
  const [sub, ...more] = args;
  if (sub === "retire") {
    if (more.length !== 1) return usage("discovery retire takes exactly one id");
    return fromMutation(
      retireDiscovery(state, more[0]!, now),
      `retired ${more[0]}; it stays verifiable but is no longer recovered.`,
    );
  }
  if (sub === "supersede") {
    if (more.length !== 2) return usage("discovery supersede takes <id> <byId>");
    return fromMutation(
      supersedeDiscovery(state, more[0]!, more[1]!, now),
      `${more[0]} is now superseded by ${more[1]}; it stays verifiable but is no longer recovered.`,
    );
  }
  if (sub === "candidates")
    return more.length > 0 ? usage("discovery candidates takes no arguments") : info(renderCandidates(state));
  return modeCommand("discovery", args, state);
}
