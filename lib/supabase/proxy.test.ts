import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { updateSession } from "./proxy.ts";

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

  it.each(["/", "/browse", "/auth", "/auth/confirm?token_hash=x&type=email", "/profile/abc"])(
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
