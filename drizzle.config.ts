// drizzle-kit settings: where the schema lives and where generated SQL migrations go.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./src/store/schema/index.ts",
  out: "./drizzle",
});
