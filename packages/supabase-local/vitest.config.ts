import { defineConfig } from "vitest/config";

// The stand-in's own tests; `npm test` at the project root runs them with the app's.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["{bin,src}/**/*.test.ts"], exclude: ["**/*.int.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // Run by `npm run test:integration`, which starts a throwaway stack around Vitest.
          include: ["{bin,src}/**/*.int.test.ts"],
          fileParallelism: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
