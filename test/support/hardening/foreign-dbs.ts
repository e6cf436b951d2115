// Other applications' SQLite databases, in the shapes their ORMs and migration tools leave (Drizzle, Prisma,
// Knex, TypeORM, Django, Rails, Sequelize, Alembic, an app with a `projects` table, bare application ids), each
// given to keel through every driver in this runtime and through the CLI. Counts the files whose bytes
// changed and the opens or commands keel accepted. Shared by the store-recognition test and `npm run proof`.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import type { DriverName } from "../../../src/store/db.ts";
import { openStore } from "../../../src/store/open.ts";
import { isolatedEnv, runKeel } from "../cli.ts";
import { initRepo } from "../git-repo.ts";

/** One foreign shape: the statements that make it, written in this project's own words. */
export interface ForeignShape {
  name: string;
  sql: string[];
}

export const FOREIGN_SHAPES: ForeignShape[] = [
  {
    name: "drizzle app",
    sql: [
      "create table __drizzle_migrations (id integer primary key, hash text not null, created_at numeric)",
      "insert into __drizzle_migrations (hash, created_at) values ('a1b2c3', 1700000000000)",
      "create table users (id integer primary key, email text not null unique)",
      "insert into users (email) values ('ada@example.org')",
    ],
  },
  {
    name: "drizzle app with a projects table",
    sql: [
      "create table __drizzle_migrations (id integer primary key, hash text not null, created_at numeric, name text, applied_at text)",
      "insert into __drizzle_migrations (hash, created_at, name) values ('ffee', 1, '0000_init')",
      "create table projects (id text primary key, title text)",
      "insert into projects values ('p1', 'roadmap')",
    ],
  },
  {
    name: "an app with a projects table",
    sql: [
      "create table projects (id integer primary key, name text)",
      "insert into projects (name) values ('x')",
    ],
  },
  {
    name: "prisma",
    sql: [
      "create table _prisma_migrations (id text primary key, checksum text not null, finished_at datetime, migration_name text not null, logs text, rolled_back_at datetime, started_at datetime not null default current_timestamp, applied_steps_count integer not null default 0)",
      "insert into _prisma_migrations (id, checksum, migration_name) values ('m1', 'c', '20240101_init')",
      'create table "User" (id integer primary key autoincrement, email text not null)',
    ],
  },
  {
    name: "knex",
    sql: [
      "create table knex_migrations (id integer primary key autoincrement, name varchar(255), batch integer, migration_time datetime)",
      "create table knex_migrations_lock (`index` integer primary key autoincrement, is_locked integer)",
      "insert into knex_migrations_lock (is_locked) values (0)",
      "create table posts (id integer primary key, body text)",
    ],
  },
  {
    name: "typeorm",
    sql: [
      "create table migrations (id integer primary key autoincrement not null, timestamp bigint not null, name varchar not null)",
      'create table typeorm_metadata (type varchar not null, database varchar, schema varchar, "table" varchar, name varchar, value text)',
      "create table photo (id integer primary key autoincrement not null, url varchar not null)",
    ],
  },
  {
    name: "django",
    sql: [
      "create table django_migrations (id integer primary key autoincrement not null, app varchar(255) not null, name varchar(255) not null, applied datetime not null)",
      "insert into django_migrations (app, name, applied) values ('auth', '0001_initial', '2024-01-01')",
      "create table auth_user (id integer primary key autoincrement not null, username varchar(150) not null unique)",
    ],
  },
  {
    name: "rails",
    sql: [
      "create table schema_migrations (version varchar not null primary key)",
      "create table ar_internal_metadata (key varchar not null primary key, value varchar, created_at datetime(6) not null, updated_at datetime(6) not null)",
      "insert into schema_migrations values ('20240101000000')",
      "create table articles (id integer primary key autoincrement not null, title varchar)",
    ],
  },
  {
    name: "sequelize",
    sql: [
      'create table "SequelizeMeta" (name varchar(255) not null unique primary key)',
      'create table "Users" (id integer primary key autoincrement, "firstName" varchar(255))',
    ],
  },
  {
    name: "alembic",
    sql: [
      "create table alembic_version (version_num varchar(32) not null primary key)",
      "insert into alembic_version values ('ae1027a6acf')",
      "create table accounts (id integer primary key, name varchar(50) not null)",
    ],
  },
  {
    name: "keel's table names, another history",
    sql: [
      "create table __drizzle_migrations (id integer primary key, hash text not null, created_at numeric)",
      "insert into __drizzle_migrations (hash, created_at) values ('0123456789abcdef', 1)",
      "create table projects (id text primary key, root text)",
      "create table memory_records (seq integer primary key, id text)",
    ],
  },
  { name: "application id only", sql: ["pragma application_id = 1598903374"] },
  { name: "user_version only", sql: ["pragma user_version = 7"] },
  {
    name: "drizzle app in WAL mode",
    sql: [
      "pragma journal_mode = wal",
      "create table __drizzle_migrations (id integer primary key, hash text not null, created_at numeric)",
      "create table todos (id integer primary key, done integer)",
    ],
  },
];

export interface ForeignFigures {
  files: number;
  /** Opens and commands tried against foreign files. */
  cases: number;
  /** Foreign files whose bytes changed (or that gained keel's tables). */
  modified: string[];
  /** Opens or commands keel accepted on a foreign file. */
  accepted: string[];
  /** Refusals that showed raw SQL or driver text. */
  rawSql: string[];
}

const digest = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

async function makeShape(path: string, shape: ForeignShape): Promise<void> {
  const client = createClient({ url: `file:${path}` });
  for (const statement of shape.sql) await client.execute(statement);
  client.close();
}

function driversHere(): DriverName[] {
  return typeof (globalThis as { Bun?: unknown }).Bun !== "undefined"
    ? ["bun-sqlite", "libsql"]
    : ["node-sqlite", "libsql"];
}

const RAW = /Failed query|SQLITE_|insert into|create table|sqlite_master/i;

/** Each shape through each driver and each CLI command; `commands` lists the CLI argument vectors tried. */
export async function foreignDatabases(
  dir: string,
  commands: string[][] = [
    ["note", "note", "hello"],
    ["memory", "record", "-k", "note", "--title", "t", "--body", "b"],
    ["journal"],
    ["store", "check"],
  ],
): Promise<ForeignFigures> {
  const repo = initRepo(join(dir, "foreign-repo"));
  const figures: ForeignFigures = { files: 0, cases: 0, modified: [], accepted: [], rawSql: [] };
  for (const [i, shape] of FOREIGN_SHAPES.entries()) {
    const path = join(dir, `foreign-${i}.db`);
    await makeShape(path, shape);
    figures.files++;
    const before = digest(path);
    for (const driver of driversHere()) {
      figures.cases++;
      const said = await openStore(path, { driver }).then(
        async (store) => {
          await store.close();
          return undefined;
        },
        (error: unknown) => String((error as Error).message),
      );
      if (said === undefined) figures.accepted.push(`${shape.name}: opened by ${driver}`);
      else if (RAW.test(said)) figures.rawSql.push(`${shape.name} (${driver}): ${said}`);
    }
    for (const args of commands) {
      figures.cases++;
      const run = runKeel(args, {
        cwd: repo,
        env: isolatedEnv(join(dir, "foreign-agent"), { KEEL_DB: path }),
      });
      if (run.status === 0) figures.accepted.push(`${shape.name}: keel ${args.join(" ")}`);
      if (RAW.test(run.stderr)) figures.rawSql.push(`${shape.name} (keel ${args[0]}): ${run.stderr.trim()}`);
    }
    if (digest(path) !== before || existsSync(`${path}-damaged`)) figures.modified.push(shape.name);
  }
  return figures;
}
