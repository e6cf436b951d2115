// Test runner settings: node 22 from devDependencies, real pi and browser tests get long timeouts.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    execArgv: ["--disable-warning=ExperimentalWarning"],
  },
});
