import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/**/*.phh-full.test.ts", "test/**/*.alone.test.ts", "node_modules/**"],
    testTimeout: 30_000,
  },
});
