import { afterEach, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  localSwitch,
  plainClient,
  stackEnv,
  uniqueEmail,
} from "../test-support/clients.ts";

const { url, key, serviceKey } = stackEnv();
const headers = {
  apikey: key,
  Authorization: `Bearer ${key}`,
  "Content-Type": "application/json;charset=UTF-8",
};

afterEach(() => localSwitch("reset"));

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
  const text = await res.text();
  return { res, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe("bad input gets a GoTrue-shaped error, never a crash", () => {
  it("malformed JSON → 400 bad_json with code, error_code, msg, message and the API version header", async () => {
    const { res, body } = await call("/auth/v1/token?grant_type=password", { method: "POST", body: "{nope" });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: "bad_json", error_code: "bad_json" });
    expect(body?.msg).toBe(body?.message);
    expect(res.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect((await call("/auth/v1/signup", { method: "POST", body: "[1,2]" })).body?.code).toBe("bad_json");
  });

  it("missing fields → validation_failed; unknown grant → unsupported_grant_type", async () => {
    expect(
      (await call("/auth/v1/token?grant_type=password", { method: "POST", body: "{}" })).body,
    ).toMatchObject({ code: "validation_failed" });
    expect(
      (await call("/auth/v1/token?grant_type=refresh_token", { method: "POST", body: "{}" })).body,
    ).toMatchObject({ code: "validation_failed" });
    expect((await call("/auth/v1/token?grant_type=pkce", { method: "POST", body: "{}" })).body).toMatchObject(
      { code: "validation_failed" },
    );
    expect((await call("/auth/v1/verify", { method: "POST", body: '{"type":"email"}' })).body).toMatchObject({
      code: "validation_failed",
    });
    expect(
      (await call("/auth/v1/verify", { method: "POST", body: '{"type":"bogus","token_hash":"x"}' })).body,
    ).toMatchObject({ code: "validation_failed" });
    expect((await call("/auth/v1/token?grant_type=magic", { method: "POST", body: "{}" })).res.status).toBe(
      400,
    );
  });

  it("wrong methods → 405, unknown paths → 404, oversized bodies → 413, and the server keeps serving", async () => {
    expect((await call("/auth/v1/signup")).res.status).toBe(405);
    expect((await call("/auth/v1/user", { method: "DELETE" })).body).toMatchObject({
      code: "method_not_allowed",
    });
    expect((await call("/auth/v1/nothing-here")).res.status).toBe(404);
    const big = JSON.stringify({ email: "a@b.co", password: "x".repeat(200_000) });
    expect((await call("/auth/v1/signup", { method: "POST", body: big })).res.status).toBe(413);
    expect((await call("/auth/v1/health")).res.status).toBe(200);
  });

  it("/user: no bearer → 401 no_authorization; garbage or expired-looking bearer → 403 bad_jwt", async () => {
    const missing = await fetch(`${url}/auth/v1/user`, { headers: { apikey: key } });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { code: string }).code).toBe("no_authorization");
    expect((await call("/auth/v1/user")).body).toMatchObject({ code: "bad_jwt" }); // publishable key is no JWT
    expect(
      (await call("/auth/v1/logout", { method: "POST", headers: { Authorization: "Bearer a.b.c" } })).res
        .status,
    ).toBe(403);
    expect(
      (await call("/auth/v1/user", { headers: { Authorization: `Bearer ${serviceKey}` } })).body,
    ).toMatchObject({ code: "bad_jwt" });
  });

  it("CORS preflight allows the client headers and exposes X-Supabase-Api-Version", async () => {
    const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:3000",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers":
          "apikey,authorization,content-type,x-client-info,x-supabase-api-version",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    expect(res.headers.get("access-control-allow-headers")).toContain("x-supabase-api-version");
    const real = await call("/auth/v1/settings", { headers: { Origin: "http://localhost:3000" } });
    expect(real.res.headers.get("access-control-expose-headers")).toContain("X-Supabase-Api-Version");
    expect(real.body).toMatchObject({ mailer_autoconfirm: false, external: { email: true } });
  });

  it("JWKS serves the ES256 public key only", async () => {
    const { body } = await call("/auth/v1/.well-known/jwks.json");
    const [jwk] = body!.keys as Record<string, unknown>[];
    expect(jwk).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(jwk).not.toHaveProperty("d");
  });
});

describe("rate limits", () => {
  it("e-mails beyond the hourly limit → 429 over_email_send_rate_limit, and no e-mail", async () => {
    await localSwitch("config", { rate_limits: { email_sent: 1 } });
    const client = plainClient();
    expect((await client.auth.signInWithOtp({ email: uniqueEmail("rl1") })).error).toBeNull();
    const email = uniqueEmail("rl2");
    const { error } = await client.auth.signInWithOtp({ email });
    expect(error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    const users = await fetch(`${url}/auth/v1/admin/users?per_page=1000`, {
      headers: { Authorization: `Bearer ${serviceKey}`, apikey: key },
    });
    expect(JSON.stringify(await users.json())).not.toContain(email); // nothing written
  });

  it("sign-ins beyond the per-IP limit → 429 over_request_rate_limit; reset restores", async () => {
    const { email, password } = await createConfirmedUser();
    await localSwitch("config", { rate_limits: { sign_in_sign_ups: 2 } });
    const client = plainClient();
    for (let i = 0; i < 2; i++)
      expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await client.auth.signInWithPassword({ email, password })).error).toMatchObject({
      status: 429,
      code: "over_request_rate_limit",
    });
    await localSwitch("reset");
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it("the test switches need the service_role key and reject unknown settings", async () => {
    const anon = await call("/__local/config", { method: "POST", body: '{"enable_confirmations":false}' });
    expect(anon.res.status).toBe(403);
    const bad = await call("/__local/config", {
      method: "POST",
      headers: { Authorization: `Bearer ${serviceKey}` },
      body: '{"jwt_expiry":1}',
    });
    expect(bad.res.status).toBe(400);
  });
});
