// node:sqlite driver: used under Node (inside pi) and Deno. Keeps Node's ExperimentalWarning off the terminal.
import type { Store } from "../db.ts";
import { type OpenMode, type OrmChoice, openSyncStore } from "./sqlite-shared.ts";

type NodeSqlite = typeof import("node:sqlite");

/** Imports node:sqlite while swallowing only its "experimental feature" warning. */
export async function importNodeSqlite(): Promise<NodeSqlite | undefined> {
  const original = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === "string" ? warning : warning.message;
    if (/SQLite is an experimental feature/i.test(text)) return;
    return (original as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return await import("node:sqlite");
  } catch (error) {
    if (isMissingModule(error)) return undefined;
    throw error;
  } finally {
    process.emitWarning = original;
  }
}

function isMissingModule(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return (
    code === "ERR_UNKNOWN_BUILTIN_MODULE" ||
    code === "ERR_MODULE_NOT_FOUND" ||
    /No such built-in module/.test(String(error))
  );
}

export async function openNodeSqlite(
  path: string,
  sqlite: NodeSqlite,
  mode: OpenMode & OrmChoice,
): Promise<Store> {
  const client = mode.readOnly
    ? new sqlite.DatabaseSync(`file:${encodeURI(path)}?immutable=1`, { readOnly: true })
    : new sqlite.DatabaseSync(path);
  const sync = {
    exec: (sql: string) => client.exec(sql),
    close: () => client.close(),
    all: (sql: string, params: readonly unknown[] = []) =>
      client.prepare(sql).all(...(params as never[])) as Array<Record<string, unknown>>,
  };
  const wrap = async () => (await import("drizzle-orm/node-sqlite")).drizzle({ client });
  return openSyncStore("node-sqlite", path, sync, wrap, mode);
}
