// openStore(url): picks the driver for a path or URL, creates the folder, applies the embedded migrations.
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { nodeUrl } from "../core/builtins.ts";
import { describeError, UserError } from "../core/errors.ts";
import { redact } from "../core/secrets.ts";
import { shortForTerminal } from "../core/terminal-text.ts";
import type { DriverName, Store } from "./db.ts";
import { openBunSqlite } from "./drivers/bun-sqlite.ts";
import { openLibsql } from "./drivers/libsql.ts";
import { importNodeSqlite, openNodeSqlite } from "./drivers/node-sqlite.ts";
import { mustOpenReadOnly } from "./guard-open.ts";
import { leftWithLog, noteDamage } from "./integrity.ts";
import { refuseForeignFile } from "./probe.ts";
import { storeFaultError } from "./store-errors.ts";

const REMOTE = /^(libsql|https?|wss?):\/\//i;

export interface OpenOptions {
  /** Force one driver (tests, diagnostics); by default the runtime decides. */
  driver?: DriverName;
  /** Auth token for a remote libSQL server. */
  authToken?: string;
  /**
   * False for a caller that reads only through `store.read` (the hot read commands): Drizzle is then loaded only
   * when a migration must run, and `store.db` throws. libSQL stores always load it.
   */
  orm?: boolean;
}

export function isRemoteStore(url: string): boolean {
  return REMOTE.test(url);
}

export async function openStore(url: string, options: OpenOptions = {}): Promise<Store> {
  try {
    return await openWithDriver(url, options);
  } catch (error) {
    if (error instanceof UserError) throw error;
    if (!isRemoteStore(url)) noteDamage({ location: toFilePath(url) }, error);
    throw (
      storeFaultError(error, url) ??
      new UserError(
        `cannot open the keel store at ${shortForTerminal(redact(url), 160)}: ${shortForTerminal(redact(describeError(error)), 200)}`,
      )
    );
  }
}

async function openWithDriver(url: string, options: OpenOptions): Promise<Store> {
  if (isRemoteStore(url)) {
    if (options.driver && options.driver !== "libsql") {
      throw new UserError(`the ${options.driver} driver cannot open a remote store (${url})`);
    }
    return openLibsql({ url, authToken: options.authToken, local: false });
  }
  const path = toFilePath(url);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const driver = options.driver ?? (await defaultLocalDriver());
  if (path !== ":memory:") await refuseForeignFile(path);
  // Looked at before the connection opens, since opening a WAL store creates its log.
  const mode = { readOnly: mustOpenReadOnly(path), leftWithLog: leftWithLog(path), orm: options.orm };
  if (driver === "bun-sqlite") return openBunSqlite(path, mode);
  if (driver === "node-sqlite") {
    const sqlite = await importNodeSqlite();
    if (!sqlite) throw new UserError("node:sqlite is not available in this runtime (Node ≥ 22.19 has it)");
    return openNodeSqlite(path, sqlite, mode);
  }
  return openLibsql({ url: path === ":memory:" ? ":memory:" : `file:${path}`, local: true, path, mode });
}

async function defaultLocalDriver(): Promise<DriverName> {
  if (typeof (globalThis as { Bun?: unknown }).Bun !== "undefined") return "bun-sqlite";
  return (await importNodeSqlite()) ? "node-sqlite" : "libsql";
}

function toFilePath(url: string): string {
  if (url === ":memory:") return url;
  if (url.startsWith("file://")) return nodeUrl().fileURLToPath(url);
  if (url.startsWith("file:")) return resolve(url.slice("file:".length));
  return resolve(url);
}
