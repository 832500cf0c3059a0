import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { sessionCookieName } from "@/lib/public-env";
import { CookieJar, createConfirmedUser, serverClient } from "@noosa-tri/supabase-local/test-support";
import { updateSession } from "./proxy";

/** A signed-in session cookie whose access token the client believes has expired, so the proxy refreshes. */
async function expiringSessionCookie(): Promise<string> {
  const user = await createConfirmedUser();
  const jar = new CookieJar();
  const { error } = await serverClient(jar).auth.signInWithPassword(user);
  if (error) throw error;
  const chunks = [...jar.cookies]
    .filter(([name]) => name.startsWith(sessionCookieName))
    .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
    .map(([, value]) => value);
  const session = JSON.parse(Buffer.from(chunks.join("").replace(/^base64-/, ""), "base64url").toString());
  session.expires_at = Math.floor(Date.now() / 1000) - 60;
  return `base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
}

async function refreshedCookies(url: string, proto: string): Promise<string[]> {
  const request = new NextRequest(new URL(url), {
    headers: { cookie: `${sessionCookieName}=${await expiringSessionCookie()}`, "x-forwarded-proto": proto },
  });
  const response = await updateSession(request);
  const set = response.headers.getSetCookie().filter((c) => c.startsWith(sessionCookieName));
  expect(set.length).toBeGreaterThan(0);
  return set;
}

describe("session cookie from the proxy (issue 13, item 4)", () => {
  it("is Secure and SameSite=Lax when the site is served over https", async () => {
    for (const cookie of await refreshedCookies("https://noosatriteams.com.au/dashboard", "https")) {
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    }
  });

  it("stays usable over plain http on the local machine (no Secure), still SameSite=Lax", async () => {
    for (const cookie of await refreshedCookies("http://127.0.0.1:3000/dashboard", "http")) {
      expect(cookie).not.toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    }
  });
});
