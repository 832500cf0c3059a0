import { afterEach, describe, expect, it, vi } from "vitest";
import { baseKey } from "./initdb.ts";
import { schemaKey } from "./setup.ts";

describe("the cluster cache's keys", () => {
  afterEach(() => {
    vi.useRealTimers();
    delete process.env.SUPABASE_LOCAL_NO_CACHE;
  });

  it("has a key for the installed Postgres binaries, so new clusters are copied rather than made", () => {
    // The package exports only its entry; a key read from its package.json the wrong way is null, and
    // then every start runs initdb and every migration again.
    expect(baseKey("secret")).toMatch(/^[0-9a-f]{16}$/);
    expect(baseKey("other")).not.toBe(baseKey("secret"));
    process.env.SUPABASE_LOCAL_NO_CACHE = "1";
    expect(baseKey("secret")).toBeNull();
  });

  it("reuses a seeded cluster within the hour it was made only (the seed's dates count from then)", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-28T10:05:00Z"));
    const first = schemaKey();
    vi.setSystemTime(new Date("2026-11-28T10:59:00Z"));
    expect(schemaKey()).toBe(first);
    vi.setSystemTime(new Date("2026-11-28T11:00:00Z"));
    expect(schemaKey()).not.toBe(first);
  });
});
