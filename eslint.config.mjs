import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The app reaches the local stand-in only through its published entry points.
const standInEntryPoints = {
  regex: "^@noosa-tri/supabase-local/(?!test-support$)",
  message: "Import @noosa-tri/supabase-local or @noosa-tri/supabase-local/test-support only.",
};
// Shared code never depends on one route's folder: shared server actions live in lib/actions.
const noRouteFolders = {
  regex: "^(@/app/|(\\.\\./)+app/)",
  message: "lib/ and components/ must not import from app/.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["**/*.{ts,tsx}"],
    ignores: ["packages/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [standInEntryPoints] }] },
  },
  {
    files: ["lib/**", "components/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [standInEntryPoints, noRouteFolders] }] },
  },
  globalIgnores([
    ".next*/**",
    "out/**",
    "next-env.d.ts",
    "supabase/.local/**",
    "test-results/**",
    "playwright-report/**",
  ]),
]);
