// Rules for databases: destructive SQL, MongoDB or Redis commands handed to a client (-c, -e, --eval,
// --query, positional SQL, a here-document or piped text), the clients' own drop tools, mass key deletes fed
// from input, and the framework commands that drop or reset a whole database.
import { found, hasFlag, type Rule } from "./args.ts";
import { destructiveSql, flushesKeys } from "./sql.ts";

const SQL_CLIENTS = new Set([
  "psql",
  "pgcli",
  "mysql",
  "mariadb",
  "mycli",
  "sqlite3",
  "sqlite",
  "litecli",
  "duckdb",
  "mongosh",
  "mongo",
  "sqlcmd",
  "osql",
  "isql",
  "clickhouse-client",
  "clickhouse",
  "cqlsh",
  "cockroach",
  "usql",
  "snowsql",
  "sqlplus",
  "trino",
  "presto",
  "bq",
  "spanner-cli",
  "turso",
  "d1",
  "wrangler",
  "supabase",
  "pscale",
]);
const KEY_VALUE_CLIENTS = new Set(["redis-cli", "valkey-cli", "keydb-cli", "dragonfly-cli", "kvrocks-cli"]);

/** `--execute=DROP …` and `-eDROP …` carry the statement after the option name. */
function optionText(word: string): string {
  return word
    .replace(/^--[A-Za-z][\w-]*=/, "")
    .replace(/^-[A-Za-z](?=(DROP|TRUNCATE|DELETE|UPDATE|ALTER)\b)/i, "");
}

const sqlClients: Rule = ([name, ...args], { source }) => {
  if (name === undefined || !SQL_CLIENTS.has(name)) return undefined;
  const texts = source.stdin === undefined ? args : [...args, source.stdin];
  for (const text of texts) {
    const reason = destructiveSql(optionText(text));
    if (reason) return found("sql-destructive", `${name}: ${reason}`);
  }
  return undefined;
};

const keyValue: Rule = ([name, ...args], { source, fed }) => {
  if (name === undefined || !KEY_VALUE_CLIENTS.has(name)) return undefined;
  if (flushesKeys(source.stdin === undefined ? args : [...args, source.stdin]))
    return found("kv-flush", `${name} flushes every key`);
  if (fed && args.some((arg) => /^(del|unlink)$/i.test(arg)))
    return found("kv-mass-delete", `${name} deletes every key it is handed`);
  return undefined;
};

/** `etcdctl del --prefix`, and memcached's `flush_all` typed into nc or telnet. */
const otherStores: Rule = ([name, ...args], { source }) => {
  if (name === "etcdctl" && args.includes("del") && hasFlag(args, "", ["--prefix", "--from-key"]))
    return found("kv-mass-delete", "etcdctl deletes every key under the prefix");
  if ((name === "nc" || name === "ncat" || name === "telnet") && /\bflush_all\b/.test(source.stdin ?? ""))
    return found("kv-flush", "flushes every memcached item");
  return undefined;
};

const dropTools: Rule = ([name, ...args]) => {
  if (name === "dropdb" || name === "pg_dropcluster") return found("db-drop", `${name} deletes a database`);
  if (name === "dropuser") return found("db-drop", "dropuser deletes a database role");
  if (name === "mysqladmin" && args.some((arg) => /^drop$/i.test(arg)))
    return found("db-drop", "mysqladmin deletes a database");
  if (
    (name === "pg_restore" && hasFlag(args, "c", ["--clean"])) ||
    (name === "mongorestore" && args.includes("--drop"))
  )
    return found("db-drop", `${name} drops the existing objects before restoring over them`);
  return name === "bq" && args.includes("rm") ? found("db-drop", "bq removes a dataset or table") : undefined;
};

/** Framework commands that drop, reset or wipe the database they are configured for. */
const FRAMEWORKS: [RegExp, RegExp][] = [
  [/^prisma$/, /^(migrate reset|db push .*--(force-reset|accept-data-loss))\b/],
  [/^(rails|rake)$/, /^db:(drop|reset|purge|schema:load)\b|^db:migrate:reset\b/],
  [/^manage\.py$/, /^(flush|reset_db|sqlflush)\b/],
  [/^artisan$/, /^(migrate:fresh|migrate:reset|db:wipe)\b/],
  [/^supabase$/, /^db reset\b/],
  [/^(sequelize|sequelize-cli)$/, /^db:drop\b/],
  [/^typeorm$/, /^schema:drop\b/],
  [/^dotnet$/, /^ef database drop\b/],
];

const frameworks: Rule = ([name, ...args]) => {
  let head = name ?? "";
  let rest = args;
  if (
    /^(python\d?(\.\d+)?|php|ruby|node|bun|deno)$/.test(head) &&
    rest[0] !== undefined &&
    !rest[0].startsWith("-")
  ) {
    head = rest[0].slice(rest[0].lastIndexOf("/") + 1);
    rest = rest.slice(1);
  }
  const words = rest
    .filter((arg) => !/^-/.test(arg) || /^--(force-reset|accept-data-loss)$/.test(arg))
    .join(" ");
  const match = FRAMEWORKS.find(([tool, verb]) => tool.test(head) && verb.test(words));
  return match
    ? found("db-reset", `${head} ${words.split(" ").slice(0, 2).join(" ")} deletes the database's data`)
    : undefined;
};

export const DATABASE_RULES: Rule[] = [sqlClients, keyValue, otherStores, dropTools, frameworks];
