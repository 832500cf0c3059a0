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

// next/image's component ships its code and loader to the browser of every page that renders it, even from a
// server component (about 8 kB gzipped): faces take the same attributes from getImageProps on the server.
const noImageComponent = {
  name: "next/image",
  importNames: ["default"],
  message: "Render a plain <img> from lib/photos/face-image.ts (getImageProps on the server).",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["**/*.{ts,tsx}"],
    ignores: ["packages/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: [noImageComponent], patterns: [standInEntryPoints] }],
    },
  },
  {
    files: ["lib/**", "components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [noImageComponent], patterns: [standInEntryPoints, noRouteFolders] },
      ],
    },
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
