import { request as httpRequest } from "node:http";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitorAuthClient } from "@/lib/supabase/auth-client";
import {
  CookieJar,
  createConfirmedUser,
  localSwitch,
  stackEnv,
  uniqueEmail,
} from "@noosa-tri/supabase-local/test-support";
import { guardedSignIn } from "./guarded-auth";
import { throttleRules } from "./throttle";

// docs/security.md#rate-limits. Runs inside `supabase-local --test`, whose Auth honours Sb-Forwarded-For only with the
// stack's secret key (SUPABASE_SECRET_KEY, handed to the app and to this suite).

/** What one visitor's request to a server action gets: its own cookies, its own address. */
const authFor = (ip: string) => {
  const jar = new CookieJar();
  return visitorAuthClient({ getAll: jar.getAll, setAll: jar.setAll }, { ip, https: false });
};
const tooMany = /^Too many attempts, try again in \d+ minutes?\.$/;

/** fetch, sent from another loopback address (Linux answers all of 127.0.0.0/8), for supabase-js. */
function loopbackFetch(localAddress: string): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(input instanceof Request ? input.url : String(input));
      const headers = new Headers(init?.headers);
      const req = httpRequest(
        target,
        { method: init?.method ?? "GET", headers: Object.fromEntries(headers), localAddress },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") out.set(k, v);
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers: out }));
          });
        },
      );
      req.on("error", reject);
      if (typeof init?.body === "string") req.write(init.body);
      req.end();
    });
}

beforeAll(async () => {
  // Hosted Supabase's default: 30 sign-ins per 5 minutes per address.
  await localSwitch("config", { rate_limits: { sign_in_sign_ups: 30 } });
});
afterAll(() => localSwitch("reset"));

describe("sign-in throttling", () => {
  it("31 bad attempts from one address leave another address's sign-in working", async () => {
    const victim = await createConfirmedUser();
    const bystander = await createConfirmedUser();
    const results = [];
    for (let i = 0; i < 31; i++) {
      results.push(
        await guardedSignIn(authFor("203.0.113.7"), { ...victim, password: `wrong-${i}` }, "203.0.113.7"),
      );
    }
    expect(results[0]).toEqual({ ok: false, error: "Invalid email or password" });
    // Blocked from the 6th wrong password for this account from this address, for the whole window.
    expect(results.at(-1)).toEqual({ ok: false, error: "Too many attempts, try again in 15 minutes." });
    expect(results[throttleRules.perAccountFromAddress]).toMatchObject({
      error: expect.stringMatching(tooMany),
    });

    // The account's owner, and anyone else, elsewhere: not slowed.
    expect(await guardedSignIn(authFor("198.51.100.9"), victim, "198.51.100.9")).toEqual({ ok: true });
    expect(await guardedSignIn(authFor("198.51.100.10"), bystander, "198.51.100.10")).toEqual({ ok: true });
    // The attacker's address stays blocked, even with the right password.
    expect(await guardedSignIn(authFor("203.0.113.7"), victim, "203.0.113.7")).toMatchObject({
      ok: false,
      error: expect.stringMatching(tooMany),
    });
  });

  it("one address trying many accounts is stopped at the per-address limit", async () => {
    const bystander = await createConfirmedUser();
    const outcomes: string[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await guardedSignIn(
        authFor("203.0.113.8"),
        { email: uniqueEmail("spray"), password: "guess-1" },
        "203.0.113.8",
      );
      outcomes.push(r.ok ? "ok" : r.error);
    }
    expect(outcomes.slice(0, throttleRules.perAddress).every((e) => e === "Invalid email or password")).toBe(
      true,
    );
    expect(outcomes.slice(throttleRules.perAddress).every((e) => tooMany.test(e))).toBe(true);
    expect(await guardedSignIn(authFor("198.51.100.11"), bystander, "198.51.100.11")).toEqual({ ok: true });
  });

  it("successful sign-ins do not count against anyone", async () => {
    const user = await createConfirmedUser();
    for (let i = 0; i < throttleRules.perAccountFromAddress + 2; i++) {
      expect(await guardedSignIn(authFor("203.0.113.9"), user, "203.0.113.9")).toEqual({ ok: true });
    }
  });
});

describe("Auth counts the forwarded address (Sb-Forwarded-For)", () => {
  it("per visitor when the app sends it with the secret key", async () => {
    const user = await createConfirmedUser();
    // Straight to Auth, past the app's throttle: Auth's own per-address limit (30 per 5 minutes).
    for (let i = 0; i < 30; i++) {
      const { error } = await authFor("192.0.2.50").signInWithPassword({ ...user, password: "wrong" });
      expect(error?.code).toBe("invalid_credentials");
    }
    const { error: limited } = await authFor("192.0.2.50").signInWithPassword(user);
    expect(limited?.code).toBe("over_request_rate_limit");
    expect((await authFor("192.0.2.51").signInWithPassword(user)).error).toBeNull();

    // Without the secret key the header is ignored: a browser cannot claim to be someone else. These two
    // come from their own loopback address, 127.0.0.2: the other suites running meanwhile sign in from
    // 127.0.0.1 and may have used its 30 already, which would refuse these for a reason not under test.
    const { url, key } = stackEnv();
    const fetchFrom = loopbackFetch("127.0.0.2");
    const spoofing = createClient(url, key, {
      auth: { persistSession: false },
      global: { headers: { "sb-forwarded-for": "192.0.2.51" }, fetch: fetchFrom },
    });
    const claimed = createClient(url, key, {
      auth: { persistSession: false },
      global: { headers: { "sb-forwarded-for": "192.0.2.50" }, fetch: fetchFrom },
    });
    expect((await spoofing.auth.signInWithPassword(user)).error).toBeNull();
    expect((await claimed.auth.signInWithPassword(user)).error).toBeNull();
  });
});
