import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import {
  adminClient,
  browserClient,
  CookieJar,
  createConfirmedUser,
  plainClient,
  serverClient,
  stackEnv,
  type RequestLog,
} from "../test-support/clients.ts";

const db = postgres(stackEnv().adminDbUrl, { max: 1, onnotice: () => {} });
afterAll(() => db.end());

describe("@supabase/ssr cookie round trip", () => {
  it("a session set by one server request is read by the next, and getClaims verifies offline", async () => {
    const { email, password, id } = await createConfirmedUser();
    const jar = new CookieJar();
    const signIn = await serverClient(jar).auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const cookie = jar.cookies.get("sb-127-auth-token");
    expect(cookie).toMatch(/^base64-/);
    const stored = JSON.parse(Buffer.from(cookie!.slice(7), "base64url").toString());
    expect(stored).toMatchObject({ token_type: "bearer", user: { id } });

    const log: RequestLog = [];
    const next = serverClient(jar, log);
    const first = await next.auth.getClaims();
    expect(first.error).toBeNull();
    expect(first.data?.claims).toMatchObject({
      sub: id,
      email,
      role: "authenticated",
      aud: "authenticated",
      aal: "aal1",
    });
    expect(first.data?.claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.data?.header).toMatchObject({ alg: "ES256" });
    await serverClient(jar, log).auth.getClaims();
    // Offline: at most the JWKS (cached process-wide), never GET /user.
    expect(log.filter((r) => r.path.startsWith("/auth/v1/user"))).toHaveLength(0);
    expect(log.every((r) => r.path === "/auth/v1/.well-known/jwks.json")).toBe(true);
    expect(log.length).toBeLessThanOrEqual(1);

    const user = await serverClient(jar).auth.getUser();
    expect(user.data.user?.id).toBe(id);
    const browser = browserClient(jar);
    expect((await browser.auth.getSession()).data.session?.user.id).toBe(id);
  });

  it("getClaims rejects a token with a forged signature", async () => {
    const { email, password } = await createConfirmedUser();
    const { data } = await plainClient().auth.signInWithPassword({ email, password });
    const [h, p, s] = data.session!.access_token.split(".");
    const forged = `${h}.${p}.${s!.slice(0, -4)}${s!.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    const { error } = await plainClient().auth.getClaims(forged);
    expect(error?.message).toMatch(/signature/i);
  });

  it("signOut clears the cookies and revokes the session server-side", async () => {
    const { email, password } = await createConfirmedUser();
    const jar = new CookieJar();
    await serverClient(jar).auth.signInWithPassword({ email, password });
    const token = JSON.parse(
      Buffer.from(jar.cookies.get("sb-127-auth-token")!.slice(7), "base64url").toString(),
    );
    expect((await serverClient(jar).auth.signOut()).error).toBeNull();
    expect(jar.cookies.has("sb-127-auth-token")).toBe(false);
    const stale = await plainClient().auth.getUser(token.access_token);
    expect(stale.error?.name).toBe("AuthSessionMissingError"); // the client maps session_not_found to it
    const refresh = await plainClient().auth.refreshSession({ refresh_token: token.refresh_token });
    expect(refresh.error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
  });

  it("logout scopes: local ends one session, others the rest, global all", async () => {
    const { email, password } = await createConfirmedUser();
    const [a, b, c, d] = [plainClient(), plainClient(), plainClient(), plainClient()];
    for (const client of [a, b, c]) await client.auth.signInWithPassword({ email, password });
    expect((await a.auth.signOut({ scope: "others" })).error).toBeNull();
    expect((await b.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    expect((await c.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    expect((await a.auth.getUser()).error).toBeNull();
    await d.auth.signInWithPassword({ email, password });
    expect((await a.auth.signOut({ scope: "local" })).error).toBeNull();
    expect((await a.auth.getSession()).data.session).toBeNull();
    expect((await d.auth.getUser()).error).toBeNull();
    await b.auth.signInWithPassword({ email, password });
    expect((await b.auth.signOut()).error).toBeNull(); // global
    expect((await d.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
  });
});

describe("refresh tokens", () => {
  it("rotate; the parent of the active token and reuse within 10 s return the active one", async () => {
    const { email, password } = await createConfirmedUser();
    const client = plainClient();
    const { data } = await client.auth.signInWithPassword({ email, password });
    const first = data.session!.refresh_token;
    const r1 = await client.auth.refreshSession();
    expect(r1.error).toBeNull();
    const second = r1.data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect(r1.data.session!.access_token).not.toBe(data.session!.access_token);
    // A client that lost the response presents the parent again: it gets the active token back.
    const replay = await plainClient().auth.refreshSession({ refresh_token: first });
    expect(replay.data.session?.refresh_token).toBe(second);
    const third = (await client.auth.refreshSession()).data.session!.refresh_token;
    // `first` is no longer the parent of the active token, but it was revoked less than 10 s ago.
    const withinInterval = await plainClient().auth.refreshSession({ refresh_token: first });
    expect(withinInterval.data.session?.refresh_token).toBe(third);
  });

  it("reuse of an old token after the interval is refresh_token_already_used and ends the session", async () => {
    const { email, password } = await createConfirmedUser();
    const client = plainClient();
    const { data } = await client.auth.signInWithPassword({ email, password });
    const first = data.session!.refresh_token;
    await client.auth.refreshSession();
    await client.auth.refreshSession();
    await db`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = ${first}`;
    const reused = await plainClient().auth.refreshSession({ refresh_token: first });
    expect(reused.error).toMatchObject({ status: 400, code: "refresh_token_already_used" });
    expect((await client.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    const unknown = await plainClient().auth.refreshSession({ refresh_token: "no-such-token" });
    expect(unknown.error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
  });
});

describe("user", () => {
  it("updateUser merges metadata and validates passwords and e-mails", async () => {
    const { email, password } = await createConfirmedUser();
    const other = await createConfirmedUser();
    const client = plainClient();
    await client.auth.signInWithPassword({ email, password });
    const first = await client.auth.updateUser({ data: { a: 1, b: 2 } });
    expect(first.data.user?.user_metadata).toEqual({ a: 1, b: 2 });
    const second = await client.auth.updateUser({ data: { b: null, c: 3 } });
    expect(second.data.user?.user_metadata).toEqual({ a: 1, c: 3 });
    expect((await client.auth.updateUser({ password: "123" })).error).toMatchObject({
      status: 422,
      code: "weak_password",
    });
    expect((await client.auth.updateUser({ email: other.email })).error).toMatchObject({
      status: 422,
      code: "email_exists",
    });
    expect((await client.auth.getUser()).data.user?.user_metadata).toEqual({ a: 1, c: 3 });
  });

  it("a token of a deleted user: 403 user_not_found", async () => {
    const { email, password, id } = await createConfirmedUser();
    const { data } = await plainClient().auth.signInWithPassword({ email, password });
    await adminClient().auth.admin.deleteUser(id);
    const { error } = await plainClient().auth.getUser(data.session!.access_token);
    expect(error).toMatchObject({ status: 403, code: "user_not_found" });
  });

  it("GET /user without a session errors locally; with a bad token: 403 bad_jwt", async () => {
    expect((await plainClient().auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    const { error } = await plainClient().auth.getUser("not.a.jwt");
    expect(error).toMatchObject({ status: 403, code: "bad_jwt" });
  });
});
