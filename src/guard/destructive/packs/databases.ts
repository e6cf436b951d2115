// Pack "databases": SQL that drops or empties data, key-value flushes, database deletes and framework resets.
import type { Pack } from "./types.ts";

const BACKUP = "take a dump first (`pg_dump`, `mysqldump`, `.backup`), or run it on a throwaway copy";

export const DATABASES_PACK: Pack = {
  id: "databases",
  title: "databases",
  rules: [
    {
      id: "sql-destructive",
      reason: "SQL that drops or empties data",
      alternative: BACKUP,
      dangerous: ["psql -c 'DROP TABLE invoices'", "sqlite3 app.db 'DELETE FROM users'"],
      harmless: ["psql -c 'SELECT * FROM invoices'"],
    },
    {
      id: "kv-flush",
      reason: "flushes every key",
      alternative: "delete the keys you mean by name",
      dangerous: ["redis-cli flushall"],
      harmless: ["redis-cli dbsize"],
    },
    {
      id: "kv-mass-delete",
      reason: "deletes every key it is handed or under a prefix",
      alternative: "list the keys first",
      dangerous: ["etcdctl del /app --prefix"],
      harmless: ["etcdctl get /app --prefix"],
    },
    {
      id: "db-drop",
      reason: "deletes a database, dataset or role",
      alternative: BACKUP,
      dangerous: ["dropdb app_dev", "dropuser reporting"],
      harmless: ["createdb app_dev"],
    },
    {
      id: "db-reset",
      reason: "deletes the database's data and rebuilds it",
      alternative: "run it against a development database only, after a dump",
      dangerous: ["rails db:reset", "npx prisma migrate reset --force"],
      harmless: ["rails db:migrate"],
    },
  ],
};
