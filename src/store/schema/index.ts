// Every table of keel's store, gathered for Drizzle and drizzle-kit.
export * from "./compactions.sql.ts";
export * from "./guard.sql.ts";
export * from "./memory.sql.ts";
export * from "./origin.ts";
export * from "./projects.sql.ts";
