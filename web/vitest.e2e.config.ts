import { defineConfig } from "vitest/config";

// The browser tests (e2e/): one server, Debian's chromium through playwright-core, run in order.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
