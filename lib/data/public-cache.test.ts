import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// Next's data cache, as unstable_cache behaves: what the function resolves is stored under its key and
// served from then on; a rejection stores nothing. Each call's options are recorded: a page's revalidate is
// the lowest of the reads it made (lib/data/public-cache.ts).
const next = vi.hoisted(() => ({
  store: new Map<string, unknown>(),
  calls: [] as { key: string[]; tags?: string[]; revalidate?: number }[],
  revalidateTag: vi.fn(),
}));
vi.mock("next/cache", () => ({
  unstable_cache:
    (fn: () => Promise<unknown>, key: string[], options: { tags?: string[]; revalidate?: number }) =>
    async () => {
      next.calls.push({ key, ...options });
      const k = JSON.stringify(key);
      if (next.store.has(k)) return next.store.get(k);
      const value = await fn();
      next.store.set(k, value);
      return value;
    },
  revalidateTag: next.revalidateTag,
}));

/** A port nothing listens on: the database of a build run before the stack is started. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  vi.stubEnv("DATABASE_URL", `postgres://noosa_app:x@127.0.0.1:${await closedPort()}/postgres`);
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
  next.store.clear();
  next.calls.length = 0;
  next.revalidateTag.mockClear();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const atBuild = () => vi.stubEnv("NEXT_PHASE", "phase-production-build");

const { orFallbackAtBuild, publicRead, refreshAtNoosaDayTurn, refreshPublicSessions, refreshPublicSurfaces } =
  await import("./public-cache");

describe("publicRead", () => {
  const options = { tags: ["public-teams"], backstop: 300 };

  it("stores what a read returns, and nothing when it fails: the next request reads again", async () => {
    const failing = vi.fn(() => Promise.reject(new Error("connect ECONNREFUSED")));
    await expect(publicRead(["urgent"], failing, options)).rejects.toThrow("ECONNREFUSED");
    expect(next.store.size).toBe(0);

    const working = vi.fn(() => Promise.resolve(["Peregian Pace Setters"]));
    expect(await publicRead(["urgent"], working, options)).toEqual(["Peregian Pace Setters"]);
    expect(await publicRead(["urgent"], working, options)).toEqual(["Peregian Pace Setters"]);
    expect(working).toHaveBeenCalledTimes(1);
  });

  it("a read that does not answer within 3 s is a failure, never stored", async () => {
    vi.useFakeTimers();
    const read = publicRead(["urgent"], () => new Promise<never>(() => {}), options);
    const settled = expect(read).rejects.toThrow("timed out");
    await vi.advanceTimersByTimeAsync(3000);
    await settled;
    expect(next.store.size).toBe(0);
  });

  it("carries its tags; lives the backstop by day and never past Noosa's midnight, with the day in its key", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-28T02:00:00Z")); // 12:00 in Noosa
    await publicRead(["urgent"], async () => 1, options);
    expect(next.calls.at(-1)).toEqual({
      key: ["urgent", "2026-11-28"],
      tags: ["public-teams"],
      revalidate: 300,
    });
    vi.setSystemTime(new Date("2026-11-28T13:59:30Z")); // 23:59:30 in Noosa
    await publicRead(["urgent"], async () => 1, options);
    expect(next.calls.at(-1)).toMatchObject({ key: ["urgent", "2026-11-28"], revalidate: 30 });
    vi.setSystemTime(new Date("2026-11-28T14:00:05Z")); // 00:00:05 the next day: a new copy
    await publicRead(["urgent"], async () => 2, options);
    expect(next.calls.at(-1)).toMatchObject({ key: ["urgent", "2026-11-29"], revalidate: 300 });
  });
});

describe("orFallbackAtBuild", () => {
  const failing = () => Promise.reject(new Error("connect ECONNREFUSED"));

  it("at run time throws the failure, so Next keeps the page's last good copy", async () => {
    await expect(orFallbackAtBuild(failing, null, "urgent teams")).rejects.toThrow("ECONNREFUSED");
    expect(next.calls).toEqual([]);
  });

  it("during the build answers the fallback and marks the page to regenerate after one second", async () => {
    atBuild();
    expect(await orFallbackAtBuild(failing, null, "urgent teams")).toBeNull();
    expect(next.calls.map((c) => c.revalidate)).toEqual([1]);
  });

  it("passes a good read through, build or not", async () => {
    atBuild();
    expect(await orFallbackAtBuild(async () => [1], null, "urgent teams")).toEqual([1]);
    expect(next.calls).toEqual([]);
  });
});

describe("refreshing", () => {
  it("expires teams, athletes and sessions at once (expire: 0, not stale-while-revalidate)", () => {
    refreshPublicSurfaces();
    expect(next.revalidateTag.mock.calls).toEqual([
      ["public-teams", { expire: 0 }],
      ["public-profiles", { expire: 0 }],
      ["public-sessions", { expire: 0 }],
    ]);
  });

  it("a session write expires the public reads of sessions only", () => {
    refreshPublicSessions();
    expect(next.revalidateTag.mock.calls).toEqual([["public-sessions", { expire: 0 }]]);
  });

  it("the worker's ticks refresh in the first two minutes of a Noosa day, and only then", () => {
    expect(refreshAtNoosaDayTurn(new Date("2026-11-28T14:00:30Z"))).toBe(true); // 00:00:30
    expect(refreshAtNoosaDayTurn(new Date("2026-11-28T14:01:59Z"))).toBe(true); // 00:01:59
    expect(next.revalidateTag).toHaveBeenCalledTimes(6);
    expect(refreshAtNoosaDayTurn(new Date("2026-11-28T14:02:00Z"))).toBe(false); // 00:02
    expect(refreshAtNoosaDayTurn(new Date("2026-11-28T13:59:59Z"))).toBe(false); // 23:59:59
    expect(refreshAtNoosaDayTurn(new Date("2026-11-28T02:00:00Z"))).toBe(false); // noon
    expect(next.revalidateTag).toHaveBeenCalledTimes(6);
  });
});

describe("with the database unreachable", () => {
  it("the landing pages' reads throw rather than answer no urgent teams or zeros", async () => {
    const { getUrgentTeams } = await import("./urgent-teams");
    const { getLiveNumbers } = await import("./live-numbers");
    await expect(getUrgentTeams()).rejects.toMatchObject({ code: "ECONNREFUSED" });
    await expect(getLiveNumbers()).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(next.store.size).toBe(0);
  });

  it("the sitemap at run time throws; built, it has the fixed routes and regenerates after one second", async () => {
    const { default: sitemap } = await import("@/app/sitemap");
    await expect(sitemap()).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(next.store.size).toBe(0);

    atBuild();
    next.calls.length = 0;
    const urls = (await sitemap()).map((e) => new URL(e.url).pathname);
    expect(urls).toContain("/urgent-triathlon-team-noosa");
    expect(urls.filter((u) => u.startsWith("/teams/") || u.startsWith("/profile/"))).toEqual([]);
    expect(Math.min(...next.calls.map((c) => c.revalidate ?? Infinity))).toBe(1);
  });
});
