import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("./", import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // Server modules import "server-only"; outside React's server graph it would throw on import.
      "server-only": `${root}node_modules/server-only/empty.js`,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{app,components,lib,bench,test}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // Run by `npm run test:integration`, which starts the local Supabase stack around Vitest.
          include: ["{app,components,lib,bench,test}/**/*.int.test.{ts,tsx}"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
