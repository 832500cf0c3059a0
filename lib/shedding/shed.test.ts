import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieName } from "@/lib/public-env";
import { awaitingConnection } from "@/lib/observability/queue";
import { busyText } from "./busy-text";

// A build of our own: its prerender manifest names one static page and one page cached per id.
const dist = mkdtempSync(join(tmpdir(), "shed-dist-"));
writeFileSync(
  join(dist, "prerender-manifest.json"),
  JSON.stringify({
    routes: { "/about-noosa": {}, "/": {} },
    dynamicRoutes: {
      "/teams/[id]": { routeRegex: "^/teams/([^/]+?)(?:/)?$", fallback: null },
      "/[landing]": { routeRegex: "^/([^/]+?)(?:/)?$", fallback: false },
    },
  }),
);

let shedWhenBusy: typeof import("./shed").shedWhenBusy;
const waiters: (() => number)[] = [];
beforeAll(async () => {
  process.env.NEXT_DIST_DIR = relative(process.cwd(), dist);
  process.env.DATABASE_SHED_WAITING = "2";
  process.env.DATABASE_URL ??= "postgres://app@127.0.0.1:5432/postgres";
  ({ shedWhenBusy } = await import("./shed"));
});
afterEach(() => {
  // Each waiting transaction gets its connection: the queue is empty again.
  for (const got of waiters.splice(0)) got();
});
const wait = (n: number) => {
  for (let i = 0; i < n; i++) waiters.push(awaitingConnection());
};

const signedIn = { cookie: `${sessionCookieName}=token` };
const request = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new NextRequest(new URL(path, "http://127.0.0.1:3000"), init);
const action = (path: string) =>
  request(path, { method: "POST", headers: { ...signedIn, "next-action": "abc123" } });

describe("shedding at the door", () => {
  it("admits everything while fewer transactions wait than the limit", () => {
    wait(1);
    expect(shedWhenBusy(action("/messages?c=1"))).toBeNull();
    expect(shedWhenBusy(request("/dashboard", { headers: signedIn }))).toBeNull();
  });

  it("past the limit refuses an action with the busy text, 503, Retry-After and no-store", async () => {
    wait(2);
    const answer = shedWhenBusy(action("/messages?c=1"))!;
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("1");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    // Exactly text/plain: Next's client makes it the action's error message.
    expect(answer.headers.get("content-type")).toBe("text/plain");
    expect(await answer.text()).toBe(busyText);
  });

  it("refuses a page that renders from the database with the busy page", async () => {
    wait(4);
    const answer = shedWhenBusy(request("/dashboard?tab=1", { headers: signedIn }))!;
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("2");
    expect(answer.headers.get("content-type")).toContain("text/html");
    const html = await answer.text();
    expect(html).toContain(`<h1>${busyText}</h1>`);
    expect(html).toContain('<a href="/dashboard?tab=1">Try again</a>');
    expect(html).toContain('<html lang="en">');
  });

  it("never refuses what needs no database", () => {
    wait(2);
    expect(shedWhenBusy(request("/about-noosa", { headers: signedIn }))).toBeNull();
    expect(shedWhenBusy(request("/", { headers: signedIn }))).toBeNull();
    expect(shedWhenBusy(request("/api/weather?lat=1"))).toBeNull();
    expect(shedWhenBusy(request("/api/auth/send-email", { method: "POST" }))).toBeNull();
    // A visitor: cached copies and sign-in redirects.
    expect(shedWhenBusy(request("/teams/abc"))).toBeNull();
    expect(shedWhenBusy(request("/browse?role=runner"))).toBeNull();
    expect(shedWhenBusy(request("/dashboard"))).toBeNull();
  });

  it("refuses route handlers that read the database, and a signed-in athlete's own render of a cached page", () => {
    wait(2);
    expect(shedWhenBusy(request("/api/my-data", { headers: signedIn }))?.status).toBe(503);
    expect(shedWhenBusy(request("/api/calendar/abc.ics"))?.status).toBe(503);
    expect(shedWhenBusy(request("/teams/abc", { headers: signedIn }))?.status).toBe(503);
    // A form posted before the page's scripts ran (no next-action header): the busy page.
    const posted = shedWhenBusy(request("/messages", { method: "POST", headers: signedIn }));
    expect(posted?.headers.get("content-type")).toContain("text/html");
  });
});
