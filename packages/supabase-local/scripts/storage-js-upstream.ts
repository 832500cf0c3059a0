// storage-js's own tests against the stand-in: the test files of supabase/supabase-js that call a Storage
// server (packages/core/storage-js/test: storageApi, storageFileApi, storageFileApiNode), run under Vitest in a
// throwaway stack, with their seed (users, buckets, objects, policies) applied as `postgres`.
//
//   npm run test:upstream-storage -w @noosa-tri/supabase-local -- <a supabase-js checkout>
//
// They are written for the Supabase CLI's local stack: their URL and service key become the stack's, and
// Jest's globals become Vitest's (`jest` is `vi`; snapshot names get Vitest's " > " between describe and test).
// Expected to fail here: the three image-transformation tests (not spoken) and the "Body Payload Tests",
// which spy on CommonJS module exports and never reach a server.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const checkout = process.argv[2];
const packageDir = checkout && path.resolve(checkout, "packages/core/storage-js");
if (!packageDir || !existsSync(path.join(packageDir, "test/storageFileApi.test.ts"))) {
  console.error("Usage: storage-js-upstream.ts <a checkout of github.com/supabase/supabase-js>");
  process.exit(2);
}
const files = ["storageApi.test.ts", "storageFileApi.test.ts", "storageFileApiNode.test.ts"];
const standIn = path.resolve(import.meta.dirname, "..");
const nodeModules = path.resolve(standIn, "../../node_modules");

const work = mkdtempSync(path.join(tmpdir(), "storage-js-upstream-"));
try {
  cpSync(path.join(packageDir, "src"), path.join(work, "src"), { recursive: true });
  cpSync(path.join(packageDir, "test"), path.join(work, "test"), { recursive: true });
  // Bare imports (vitest, iceberg-js, postgres) resolve from the project's packages.
  symlinkSync(nodeModules, path.join(work, "node_modules"), "dir");

  for (const file of files) {
    const test = path.join(work, "test", file);
    const text = readFileSync(test, "utf8")
      .replace("'http://127.0.0.1:54321/storage/v1'", "`${process.env.NEXT_PUBLIC_SUPABASE_URL}/storage/v1`")
      .replace(/\n {2}'eyJ[\w.-]+'/, "\n  process.env.LOCAL_SERVICE_ROLE_KEY!");
    if (!text.includes("NEXT_PUBLIC_SUPABASE_URL") || !text.includes("LOCAL_SERVICE_ROLE_KEY")) {
      throw new Error(`${file}: its URL or key constant has changed shape; adapt this script`);
    }
    writeFileSync(test, text);
  }
  const snapshot = path.join(work, "test/__snapshots__/storageApi.test.ts.snap");
  if (existsSync(snapshot)) {
    writeFileSync(
      snapshot,
      readFileSync(snapshot, "utf8").replaceAll("exports[`bucket api ", "exports[`bucket api > "),
    );
  }
  writeFileSync(
    path.join(work, "jest-compat.ts"),
    `import { vi } from "vitest";\n(globalThis as Record<string, unknown>).jest = vi;\n`,
  );
  writeFileSync(
    path.join(work, "vitest.config.ts"),
    `import { defineConfig } from "vitest/config";
export default defineConfig({
  test: {
    root: ${JSON.stringify(work)},
    globals: true,
    include: ${JSON.stringify(files.map((f) => `test/${f}`))},
    setupFiles: ["./jest-compat.ts"],
    fileParallelism: false,
    testTimeout: 20_000,
  },
});
`,
  );
  writeFileSync(
    path.join(work, "seed.mjs"),
    `import { readFileSync } from "node:fs";
import postgres from "postgres";
const sql = postgres(process.env.LOCAL_DB_POSTGRES_URL, { max: 1, onnotice: () => {} });
await sql.unsafe(readFileSync(new URL("./test/supabase/seed.sql", import.meta.url), "utf8"));
await sql.end();
`,
  );
  const run = spawnSync(
    process.execPath,
    [
      path.join(standIn, "bin/supabase-local.ts"),
      "--test",
      "--",
      "sh",
      "-c",
      `"${process.execPath}" seed.mjs && node_modules/.bin/vitest run --config vitest.config.ts`,
    ],
    // The stack is the project's (its migrations too); CI: a snapshot that does not match fails instead of
    // being written.
    {
      cwd: work,
      stdio: "inherit",
      env: { ...process.env, CI: "1", SUPABASE_LOCAL_PROJECT_DIR: path.resolve(standIn, "../..") },
    },
  );
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
