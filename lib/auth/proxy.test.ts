import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { createServerClient } from "@supabase/ssr";
import { sessionCookieName } from "@/lib/public-env";
import { updateSession } from "./proxy.ts";

// The real client, watched: visitors without a session cookie must not cost one.
vi.mock("@supabase/ssr", async (original) => {
  const mod = await original<typeof import("@supabase/ssr")>();
  return { ...mod, createServerClient: vi.fn(mod.createServerClient) };
});

// Without a session cookie getClaims() answers locally (no Auth request), so this runs offline.
const request = (path: string) => new NextRequest(new URL(path, "http://127.0.0.1:3000"));

describe("updateSession (proxy)", () => {
  it.each(["/dashboard", "/teams/abc/edit", "/messages", "/account/update-password"])(
    "sends a visitor on %s to /auth with next",
    async (path) => {
      const response = await updateSession(request(`${path}?tab=1`));
      expect(response.status).toBe(307);
      const location = new URL(response.headers.get("location")!);
      expect(location.pathname).toBe("/auth");
      expect(location.searchParams.get("next")).toBe(`${path}?tab=1`);
      expect(response.headers.get("cache-control")).toContain("no-store");
    },
  );

  it.each(["/", "/auth", "/auth/confirm?token_hash=x&type=email", "/profile/abc"])(
    "lets a visitor through on %s",
    async (path) => {
      const response = await updateSession(request(path));
      expect(response.status).toBe(200);
      expect(response.headers.get("location")).toBeNull();
      // NextResponse.next() marks "continue to the route".
      expect(response.headers.get("x-middleware-next")).toBe("1");
    },
  );
});

describe("a visitor's /browse", () => {
  it("is the shared copy for the filters and the current 5-second window, however the query is spelt", async () => {
    const visitor = request("/browse?tp=2&role=runner&mine=1&junk=x");
    const response = await updateSession(visitor);
    const target = new URL(response.headers.get("x-middleware-rewrite")!);
    const window = Math.floor(Date.now() / 5000);
    expect([
      `/browse-copy/${window}.teams.runner.any.2.1.any.none`,
      `/browse-copy/${window + 1}.teams.runner.any.2.1.any.none`,
    ]).toContain(target.pathname);
    // The request's own origin, so Next resolves it in-process (next.config.ts, skipProxyUrlNormalize).
    expect(target.origin).toBe(new URL(visitor.url).origin);
  });

  it("is not rewritten for a form post", async () => {
    const post = new NextRequest(new URL("/browse", "http://127.0.0.1:3000"), { method: "POST" });
    expect((await updateSession(post)).headers.get("x-middleware-rewrite")).toBeNull();
  });
});

describe("updateSession without a session cookie", () => {
  it("never builds a Supabase client for a visitor", async () => {
    vi.mocked(createServerClient).mockClear();
    await updateSession(request("/browse"));
    await updateSession(request("/dashboard"));
    expect(createServerClient).not.toHaveBeenCalled();
  });

  it("still refreshes when a session cookie is present", async () => {
    vi.mocked(createServerClient).mockClear();
    const withCookie = new NextRequest(new URL("/browse", "http://127.0.0.1:3000"), {
      headers: { cookie: `${sessionCookieName}=base64-e30` },
    });
    await updateSession(withCookie);
    expect(createServerClient).toHaveBeenCalledTimes(1);
  });
});
