// Destroying data: SQL, MongoDB and Redis commands given to clients in every way text reaches them, the
// clients' drop tools and framework resets, object-storage recursive deletes and bucket removal, and syncs
// that delete. Reads, listings, scoped deletes and dry runs pass.
import { describe } from "vitest";
import { itFlags, itPasses } from "../support/screen-cases.ts";

describe("databases and key-value stores", () => {
  itFlags([
    ["psql -d app -c 'drop schema audit cascade'", "sql-destructive"],
    ["mariadb --execute='TRUNCATE TABLE logs'", "sql-destructive"],
    ["sqlite3 data.db 'ALTER TABLE users DROP COLUMN email'", "sql-destructive"],
    ["cqlsh -e 'DROP KEYSPACE metrics'", "sql-destructive"],
    ["mongosh shop --eval 'db.carts.deleteMany({})'", "sql-destructive"],
    ["psql app <<-EOF\n\tDELETE FROM invoices;\n\tEOF", "sql-destructive"],
    ["mysql shop <<< 'UPDATE users SET password = NULL'", "sql-destructive"],
    ["printf 'DROP TABLE t;' | duckdb local.duckdb", "sql-destructive"],
    ["redis-cli -h cache -a secret FLUSHALL", "kv-flush"],
    ["echo flushdb | valkey-cli -n 2", "kv-flush"],
    ["redis-cli --scan --pattern 'tmp:*' | xargs redis-cli unlink", "kv-mass-delete"],
    ["mysqladmin -u root -f drop shop", "db-drop"],
    ["php artisan migrate:fresh --seed", "db-reset"],
    ["bundle exec rails db:reset", "db-reset"],
  ]);

  itPasses([
    "psql -c 'SELECT count(*) FROM orders'",
    "psql -c \"INSERT INTO log VALUES ('DROP TABLE x')\"",
    "mysql -e 'DELETE FROM carts WHERE updated_at < NOW() - INTERVAL 7 DAY'",
    "mongosh --eval 'db.orders.countDocuments()'",
    "redis-cli INFO memory",
    "redis-cli DEL cache:home",
    "echo 'DROP TABLE users;' >> notes.md",
    "pg_dump shop > shop.sql",
    "npx prisma migrate deploy",
  ]);
});

describe("object storage and syncs", () => {
  itFlags([
    ["aws --profile prod s3 rm s3://logs/2024/ --recursive", "storage-recursive-delete"],
    ["aws s3 rb s3://scratch-bucket", "bucket-remove"],
    ["gsutil rm gs://media/**", "storage-recursive-delete"],
    ["gcloud storage rm -r gs://exports", "storage-recursive-delete"],
    ["mc mirror --remove ./public minio/site", "sync-delete"],
    ["rclone sync ./photos gdrive:photos", "sync-delete"],
    ["s3cmd del --recursive s3://old", "storage-recursive-delete"],
    ["azcopy sync ./out 'https://acct.blob.core.windows.net/c' --delete-destination=true", "sync-delete"],
    ["rsync -aH --delete-excluded src/ backup/", "sync-delete"],
  ]);

  itPasses([
    "aws s3 ls s3://logs --recursive --human-readable",
    "aws s3 rm s3://logs/one.txt",
    "aws s3 rm s3://logs/ --recursive --dryrun",
    "gsutil du -sh gs://media",
    "rclone copy ./photos gdrive:photos",
    "rclone sync -n ./photos gdrive:photos",
    "rsync -avn --delete src/ backup/",
    "mc ls minio/site",
  ]);
});
