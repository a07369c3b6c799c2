import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/**/*.phh-full.test.ts", "test/**/*.alone.test.ts", "node_modules/**"],
    testTimeout: 30_000,
    // A hook's limit only stops a hang: starting chromium (or a broker) in beforeAll can take more than the
    // default 10 s on a loaded machine (two CPU hogs beside the suite), failing every test of the file.
    hookTimeout: 60_000,
  },
});
