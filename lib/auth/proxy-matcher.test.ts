import * as staticInfo from "next/dist/build/analysis/get-page-static-info.js";
import type { ProxyMatcher } from "next/dist/build/analysis/get-page-static-info.js";
import { getMiddlewareRouteMatcher } from "next/dist/shared/lib/router/utils/middleware-route-matcher.js";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";
import { sessionCookieName } from "@/lib/public-env";

// proxy.ts's matcher compiled and applied as `next start` does (the build writes the same regexps and
// header conditions to its functions manifest), then asked about one request.
// (getMiddlewareMatchers is exported at run time but left out of Next's type declarations.)
const { getMiddlewareMatchers } = staticInfo as unknown as {
  getMiddlewareMatchers: (matcher: typeof config.matcher, nextConfig: object) => ProxyMatcher[];
};
const matches = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));
const runs = (path: string, headers: Record<string, string> = {}) => matches(path, { headers } as never, {});

const cookie = `theme=dark; ${sessionCookieName}=base64-e30`;
const chunked = `${sessionCookieName}.0=base64-e3; ${sessionCookieName}.1=0`;
const team = "/teams/c0000000-0000-4000-8000-000000000003";
const session = "/sessions/5d000000-0000-4000-8000-000000000001";
const profile = "/profile/e0000000-0000-4000-8000-000000000001";

describe("the proxy runs for", () => {
  it.each([
    // Sign-in redirects and the pages that need the session whoever asks.
    "/dashboard",
    "/profile",
    "/edit-profile",
    "/messages",
    "/messages/start/e0000000-0000-4000-8000-000000000001",
    "/settings",
    "/account/update-password",
    "/sessions/new",
    // Rendered per request from the database: the proxy's load shedding guards them.
    "/sessions",
    session,
    "/teams",
    "/teams/create",
    `${team}/edit`,
    `${team}/join`,
    "/teams/not-a-uuid",
    "/create-profile",
    "/moderation",
    // /browse is always a rewrite (its shared copies); a made-up copy path is a 404.
    "/browse",
    "/browse-copy/1.teams.any",
    "/browse-copy/x.png",
    // Sign-in, its callbacks, the route handlers, the unsubscribe page.
    "/auth",
    "/auth/confirm",
    "/auth/callback",
    "/api/weather",
    "/api/profile-photo",
    "/unsubscribe",
    "/register-interest/confirm",
  ])("%s, with no cookie", (path) => {
    expect(runs(path)).toBe(true);
  });

  it("a team's page with a session cookie, whole or chunked (the viewer's rewrite)", () => {
    expect(runs(team, { cookie })).toBe(true);
    expect(runs(team, { cookie: chunked })).toBe(true);
    // A prefetch is rewritten too.
    expect(runs(team, { cookie, "next-router-prefetch": "1", rsc: "1" })).toBe(true);
  });

  it.each(["/", "/about-noosa", "/urgent-triathlon-team-noosa", profile, session, "/register-interest"])(
    "a request with a body to %s (a server action, the body limit)",
    (path) => {
      expect(runs(path, { "content-type": "text/plain;charset=UTF-8", "content-length": "12" })).toBe(true);
      expect(runs(path, { "transfer-encoding": "chunked" })).toBe(true);
      expect(runs(path, { "content-length": "2000000" })).toBe(true);
    },
  );

  it("the RFC 8058 unsubscribe POST", () => {
    expect(
      runs("/unsubscribe", { "content-type": "application/x-www-form-urlencoded", "content-length": "26" }),
    ).toBe(true);
  });
});

describe("the proxy skips", () => {
  it.each([
    "/",
    "/about-noosa",
    "/privacy-policy",
    "/terms-of-service",
    "/training-resources",
    "/train-with-others-noosa",
    "/register-interest",
    "/account-deleted",
    "/offline",
    "/urgent-triathlon-team-noosa",
    "/find-a-triathlon-team-noosa",
    profile,
  ])("%s, the same page for everyone, signed in or not, and its prefetch", (path) => {
    expect(runs(path)).toBe(false);
    expect(runs(path, { cookie })).toBe(false);
    expect(runs(path, { cookie, rsc: "1", "next-router-prefetch": "1" })).toBe(false);
    expect(runs(path, { rsc: "1", "next-router-segment-prefetch": "/_tree" })).toBe(false);
  });

  it("a team's shared page for a visitor without a session cookie", () => {
    expect(runs(team)).toBe(false);
    expect(runs(team, { cookie: "theme=dark" })).toBe(false);
    expect(runs(team, { rsc: "1", "next-router-prefetch": "1" })).toBe(false);
  });

  it.each([
    "/_next/static/chunks/app.js",
    "/_next/image",
    "/icon.svg",
    "/opengraph-image",
    "/about-noosa/opengraph-image-c8ojx7",
    "/robots.txt",
    "/sitemap.xml",
    "/manifest.webmanifest",
    "/sw.js",
    "/social-icons.svg",
    "/icons/apple-touch-icon.png",
  ])("the asset %s, even with a cookie", (path) => {
    expect(runs(path, { cookie })).toBe(false);
  });
});

describe("the session cookie condition", () => {
  // It stands in for hasSessionCookie (the header's and the proxy's own test) in the matcher: they agree.
  it.each([
    cookie,
    chunked,
    `${sessionCookieName}=x`,
    `${sessionCookieName}.0=x`,
    `${sessionCookieName}-code-verifier=x`,
    `x${sessionCookieName}=x`,
    `${sessionCookieName}.1=x`,
    `a=${sessionCookieName}`,
    "theme=dark",
    "",
  ])("%j", (header) => {
    expect(runs(team, { cookie: header })).toBe(hasSessionCookie(header));
  });
});
