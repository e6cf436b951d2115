import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { EMBEDDED_MIGRATIONS } from "../../src/store/migrations.gen.ts";
import { openStore } from "../../src/store/open.ts";
import { KEEL_APPLICATION_ID, KEEL_SCHEMA, recogniseStore } from "../../src/store/recognise.ts";
import { foreignDatabases } from "../support/hardening/foreign-dbs.ts";
import { tempDir } from "../support/temp.ts";

const root = tempDir("recognise");
const hashes = EMBEDDED_MIGRATIONS.map((m) => m.hash);
const pragmas = (path: string) => {
  const db = new DatabaseSync(path);
  const read = (p: string) => Object.values(db.prepare(`pragma ${p}`).get() ?? {})[0];
  const out = { applicationId: read("application_id"), userVersion: read("user_version") };
  db.close();
  return out;
};

describe("the verdict on a database's facts", () => {
  const base = { applicationId: 0, userVersion: 0, tables: [] as string[], migrationHashes: [] as string[] };
  it("an empty file is keel's to create; a bare foreign application id or user_version is not", () => {
    expect(recogniseStore(base).kind).toBe("empty");
    expect(recogniseStore({ ...base, applicationId: 42 }).kind).toBe("foreign");
    expect(recogniseStore({ ...base, userVersion: 3 }).kind).toBe("foreign");
  });
  it("keel's history without the stamp is keel's; the same table names with another history are not", () => {
    const tables = ["__drizzle_migrations", "projects", "memory_records"];
    expect(recogniseStore({ ...base, tables, migrationHashes: hashes })).toEqual({
      kind: "keel",
      stamped: false,
    });
    expect(recogniseStore({ ...base, tables, migrationHashes: ["abc", ...hashes] }).kind).toBe("foreign");
    expect(recogniseStore({ ...base, tables: ["projects"], migrationHashes: [] }).kind).toBe("foreign");
  });
  it("a stamped store with more migrations than this keel knows is newer", () => {
    const verdict = recogniseStore({
      ...base,
      applicationId: KEEL_APPLICATION_ID,
      userVersion: KEEL_SCHEMA + 1,
      tables: ["projects"],
      migrationHashes: [...hashes, "from-the-future"],
      lastMigration: "20990101000000_later",
    });
    expect(verdict).toEqual({
      kind: "newer",
      schema: KEEL_SCHEMA + 1,
      lastMigration: "20990101000000_later",
    });
  });
});

describe("stamping", () => {
  it("a new store carries keel's application id and schema number", async () => {
    const path = join(root, "new.db");
    await (await openStore(path, { driver: "node-sqlite" })).close();
    expect(pragmas(path)).toEqual({ applicationId: KEEL_APPLICATION_ID, userVersion: KEEL_SCHEMA });
  });

  it("a store from before the stamp is recognised by its history and stamped on open", async () => {
    const path = join(root, "old.db");
    await (await openStore(path, { driver: "libsql" })).close();
    const db = new DatabaseSync(path);
    db.exec("pragma application_id = 0; pragma user_version = 0");
    db.close();
    await (await openStore(path, { driver: "node-sqlite" })).close();
    expect(pragmas(path)).toEqual({ applicationId: KEEL_APPLICATION_ID, userVersion: KEEL_SCHEMA });
  });
});

describe("other applications' databases", () => {
  it("every ORM shape is refused by every driver and every command, and no file changes", async () => {
    const figures = await foreignDatabases(root, [
      ["note", "note", "hello"],
      ["store", "check"],
    ]);
    expect(figures.files).toBeGreaterThanOrEqual(14);
    expect(figures.modified).toEqual([]);
    expect(figures.accepted).toEqual([]);
    expect(figures.rawSql).toEqual([]);
  }, 600_000);
});
