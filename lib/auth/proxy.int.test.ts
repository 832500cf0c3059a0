import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { sessionCookieName } from "@/lib/public-env";
import { CookieJar, createConfirmedUser, serverClient } from "@noosa-tri/supabase-local/test-support";
import { updateSession } from "./proxy";
import { signingKeys } from "@/lib/supabase/signing-keys";
import { rememberedClaims } from "@/lib/supabase/verified-claims";
import { adminSql, makeAthlete } from "@/test/fixtures/athletes";

/** A new user's session cookie as @supabase/ssr wrote it at sign-in (joined if chunked). */
async function sessionCookie(user?: { email: string; password: string }): Promise<string> {
  user ??= await createConfirmedUser();
  const jar = new CookieJar();
  const { error } = await serverClient(jar).auth.signInWithPassword(user);
  if (error) throw error;
  return [...jar.cookies]
    .filter(([name]) => name.startsWith(sessionCookieName))
    .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
    .map(([, value]) => value)
    .join("");
}

/** The same session, with an expiry the client reads as passed, so the proxy refreshes it. */
function expiring(cookie: string): string {
  const session = JSON.parse(Buffer.from(cookie.replace(/^base64-/, ""), "base64url").toString());
  session.expires_at = Math.floor(Date.now() / 1000) - 60;
  return `base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
}

async function expiringSessionCookie(): Promise<string> {
  return expiring(await sessionCookie());
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

describe("session cookie from the proxy (docs/security.md#sessions)", () => {
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

describe("a session the proxy has read (docs/performance.md#page-weight)", () => {
  it("is answered again without a client, and still refreshed once it is near expiry", async () => {
    const cookie = await sessionCookie();
    const request = (value: string) =>
      new NextRequest(new URL("http://127.0.0.1:3000/dashboard"), {
        headers: { cookie: `${sessionCookieName}=${value}` },
      });
    const first = await updateSession(request(cookie));
    expect(first.headers.get("location")).toBeNull();
    expect(first.headers.getSetCookie()).toEqual([]);

    const claims = rememberedClaims(request(cookie).cookies.getAll(), await signingKeys());
    expect(claims).toMatchObject({ role: "authenticated" });
    expect(claims?.sub).toMatch(/^[0-9a-f-]{36}$/);
    const again = await updateSession(request(cookie));
    expect(again.headers.get("location")).toBeNull();

    // The token is remembered, but the session says it expires: supabase-js must refresh it.
    const refreshed = await updateSession(request(expiring(cookie)));
    expect(
      refreshed.headers.getSetCookie().filter((c) => c.startsWith(sessionCookieName)).length,
    ).toBeGreaterThan(0);
  });
});

describe("a signed-in athlete's /browse (docs/performance.md#page-weight)", () => {
  const admin = adminSql({ max: 1 });
  afterAll(() => admin.end());

  const profileOf = async (authId: string, specialty: "swimmer" | "cyclist" | "runner") =>
    (
      await makeAthlete(admin, {
        account: { id: authId },
        username: `copy_${randomUUID().slice(0, 8)}`,
        name: "Copy Test",
        place: "Noosa Heads",
        specialty,
        experienceLevel: "advanced",
        goals: "Race the relay this year",
        avatar: false,
      })
    ).profileId;

  /** Where the proxy sends this athlete's /browse with `search`: a copy's last path segment, or null. */
  const shownTo = async (cookie: string, search = "") => {
    const request = new NextRequest(new URL(`http://127.0.0.1:3000/browse${search}`), {
      headers: { cookie: `${sessionCookieName}=${cookie}` },
    });
    const target = (await updateSession(request)).headers.get("x-middleware-rewrite");
    return target ? new URL(target).pathname.split("/").at(-1)!.split(".").slice(1).join(".") : null;
  };

  it("is the shared copy for their leg, ticked 'Needs my specialty' too, unless a block makes theirs differ", async () => {
    const user = await createConfirmedUser();
    const cookie = await sessionCookie(user);
    // No profile yet: the visitors' copy (no "Needs my specialty" box).
    expect(await shownTo(cookie, "?role=runner")).toBe("teams.runner.any.1.1.any.none");

    const mine = await profileOf(user.id, "swimmer");
    expect(await shownTo(cookie, "?role=runner&tp=2")).toBe("teams.runner.any.2.1.any.swimmer");
    // Ticked, the lists depend on their leg alone: that leg's copy of the filtered lists.
    expect(await shownTo(cookie, "?mine=1")).toBe("teams.any.any.1.1.any.swimmer.mine");

    // A block either way hides cards the copy shows: rendered for them, from the next request on.
    const other = await createConfirmedUser();
    const theirs = await profileOf(other.id, "runner");
    await admin`insert into public.blocks (blocker_id, blocked_id) values (${theirs}, ${mine})`;
    expect(await shownTo(cookie)).toBeNull();
    expect(await shownTo(cookie, "?mine=1")).toBeNull();
    await admin`delete from public.blocks where blocker_id = ${theirs}`;
    expect(await shownTo(cookie)).toBe("teams.any.any.1.1.any.swimmer");
    await admin`insert into public.blocks (blocker_id, blocked_id) values (${mine}, ${theirs})`;
    expect(await shownTo(cookie)).toBeNull();
    await admin`delete from auth.users where id in ${admin([user.id, other.id])}`;
  });
});
