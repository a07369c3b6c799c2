import { defineConfig } from "vitest/config";

/**
 * End-to-end tests that run on a real-time clock against a separate process (the bridge emulator, a
 * broker killed and restarted): run on their own after the main suite, one file at a time, so that
 * other test files do not take their cores.
 */
export default defineConfig({
  test: {
    include: ["test/**/*.alone.test.ts"],
    testTimeout: 120_000,
    fileParallelism: false,
  },
});
