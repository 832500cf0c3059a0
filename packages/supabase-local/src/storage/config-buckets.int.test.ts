import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stackEnv } from "../test-support/clients.ts";
import { applyConfigBuckets } from "./buckets.ts";
import { startStorage } from "./service.ts";
import { asPostgres, bucketName } from "./test-helpers.ts";

// [storage.buckets.<name>] of config.toml, applied at start as the Supabase CLI applies them.
const pg = asPostgres();
afterAll(() => pg.end());

describe("config.toml buckets", () => {
  it("creates a missing bucket with id = name, and updates an existing one's settings", async () => {
    const dbUrl = new URL(stackEnv().adminDbUrl);
    dbUrl.username = "supabase_storage_admin";
    dbUrl.password = "local-storage-admin";
    const name = bucketName("configured");
    const dir = mkdtempSync(path.join(tmpdir(), "config-buckets-"));
    const ctx = await startStorage({
      dbUrl: dbUrl.toString(),
      dir,
      keep: false,
      config: {
        enabled: true,
        file_size_limit: 50 * 1024 * 1024,
        buckets: { [name]: { public: true, file_size_limit: 5_242_880, allowed_mime_types: ["image/png"] } },
      },
      publishableKey: "unused",
      secretKey: "unused",
    });
    try {
      const read = () =>
        pg`select id, name, public, file_size_limit::int as limit, allowed_mime_types as types
           from storage.buckets where id = ${name}`;
      expect(await read()).toEqual([
        { id: name, name, public: true, limit: 5_242_880, types: ["image/png"] },
      ]);
      await applyConfigBuckets(ctx, {
        [name]: { public: false, file_size_limit: null, allowed_mime_types: null },
      });
      expect(await read()).toEqual([{ id: name, name, public: false, limit: null, types: null }]);
    } finally {
      await ctx.sql.end();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
