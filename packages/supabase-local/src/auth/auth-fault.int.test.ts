import { afterEach, describe, expect, it } from "vitest";
import { createConfirmedUser, localSwitch, plainClient, stackEnv } from "../test-support/clients.ts";
import { setAuthFault } from "../test-support/faults.ts";

// The /__local/auth-fault switch (Auth slow or down), seen through the official client as an app sees it.
const { url, key, serviceKey } = stackEnv();
afterEach(() => localSwitch("reset"));

describe("auth fault switch", () => {
  it("slow: every Auth call, JWKS too, answers after the delay and still works", async () => {
    const { email, password } = await createConfirmedUser();
    expect(await setAuthFault({ delayMs: 400 })).toEqual({ delay_ms: 400, down: false });
    const client = plainClient();
    let started = performance.now();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    started = performance.now();
    const jwks = await fetch(`${url}/auth/v1/.well-known/jwks.json`, { headers: { apikey: key } });
    expect(jwks.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(data.session?.access_token).toBeTruthy();
  });

  it("down: 503 for every Auth call, a retryable error in supabase-js, and no session made", async () => {
    const { email, password } = await createConfirmedUser();
    await setAuthFault({ down: true });
    const client = plainClient();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ name: "AuthRetryableFetchError", status: 503 });
    const jwks = await fetch(`${url}/auth/v1/.well-known/jwks.json`, { headers: { apikey: key } });
    expect(jwks.status).toBe(503);
    expect(jwks.headers.get("retry-after")).toBe("5");
    // The switches themselves stay reachable, and a partial update keeps the other setting.
    expect(await setAuthFault({ delayMs: 100 })).toEqual({ delay_ms: 100, down: true });
    expect(await setAuthFault({ down: false })).toEqual({ delay_ms: 100, down: false });
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it("reset brings Auth back; bad input and a missing service key are refused", async () => {
    await setAuthFault({ down: true, delayMs: 50 });
    await localSwitch("reset");
    expect((await fetch(`${url}/auth/v1/health`, { headers: { apikey: key } })).status).toBe(200);
    const post = (body: string, bearer = serviceKey) =>
      fetch(`${url}/__local/auth-fault`, {
        method: "POST",
        headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
        body,
      });
    expect((await post('{"delay_ms":-1}')).status).toBe(400);
    expect((await post('{"delay_ms":30001}')).status).toBe(400);
    expect((await post('{"down":"yes"}')).status).toBe(400);
    expect((await post('{"slow":true}')).status).toBe(400);
    expect((await post('{"down":true}', key)).status).toBe(403);
    expect((await fetch(`${url}/auth/v1/health`, { headers: { apikey: key } })).status).toBe(200);
  });
});
