import { defineConfig } from "vitest/config";

/** The whole PHH corpus: `npm run test:phh`. */
export default defineConfig({
  test: {
    include: ["test/**/*.phh-full.test.ts"],
    testTimeout: 600_000,
  },
});
