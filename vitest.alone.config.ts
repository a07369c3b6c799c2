import { defineConfig } from "vitest/config";

/**
 * End-to-end tests that run on a real-time clock against a separate process (the bridge emulator):
 * run on their own after the main suite, so that the other test files do not take their cores.
 */
export default defineConfig({
  test: {
    include: ["test/**/*.alone.test.ts"],
    testTimeout: 120_000,
  },
});
