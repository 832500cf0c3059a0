import type { AuthChangeEvent } from "@supabase/supabase-js";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import {
  CookieJar,
  createConfirmedUser,
  lastLink,
  mailsTo,
  plainClient,
  serverClient,
  stackEnv,
  uniqueEmail,
} from "../test-support/clients.ts";

const redirectTo = "http://127.0.0.1:3100/auth/confirm?next=/teams";

describe("magic link (POST /otp) and verifyOtp", () => {
  it("mails an existing user a link whose token_hash signs them in once", async () => {
    const { email, id } = await createConfirmedUser();
    const sent = await plainClient().auth.signInWithOtp({ email, options: { emailRedirectTo: redirectTo } });
    expect(sent).toEqual({ data: { user: null, session: null, messageId: undefined }, error: null });
    const link = await lastLink(email);
    expect(link.searchParams.get("type")).toBe("email");
    expect(link.searchParams.get("next")).toBe("/teams");
    const client = plainClient();
    const { data, error } = await client.auth.verifyOtp({
      type: "email",
      token_hash: link.searchParams.get("token_hash")!,
    });
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(id);
    const again = await plainClient().auth.verifyOtp({
      type: "email",
      token_hash: link.searchParams.get("token_hash")!,
    });
    expect(again.error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("creates and confirms a new user, or refuses with otp_disabled when create_user is false", async () => {
    const email = uniqueEmail("otp-new");
    const refused = await plainClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(refused.error).toMatchObject({
      status: 422,
      code: "otp_disabled",
      message: "Signups not allowed for otp",
    });
    expect(await mailsTo(email)).toHaveLength(0);
    await plainClient().auth.signInWithOtp({ email });
    const [mail] = await mailsTo(email);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const { data, error } = await plainClient().auth.verifyOtp({ email, token: code, type: "email" });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const wrong = await plainClient().auth.verifyOtp({ email, token: "000000", type: "email" });
    expect(wrong.error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("rejects a made-up token_hash", async () => {
    const { error } = await plainClient().auth.verifyOtp({ type: "email", token_hash: "f".repeat(56) });
    expect(error).toMatchObject({
      status: 403,
      code: "otp_expired",
      message: "Email link is invalid or has expired",
    });
  });
});

describe("password recovery", () => {
  it("mails a type=recovery link that signs in with PASSWORD_RECOVERY; the new password then works", async () => {
    const { email, password } = await createConfirmedUser();
    expect(await plainClient().auth.resetPasswordForEmail(email, { redirectTo })).toEqual({
      data: {},
      error: null,
    });
    const unknown = await plainClient().auth.resetPasswordForEmail(uniqueEmail("ghost"));
    expect(unknown.error).toBeNull();
    const link = await lastLink(email);
    expect(link.searchParams.get("type")).toBe("recovery");
    const client = plainClient();
    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    const { error } = await client.auth.verifyOtp({
      type: "recovery",
      token_hash: link.searchParams.get("token_hash")!,
    });
    expect(error).toBeNull();
    expect(events).toContain("PASSWORD_RECOVERY");
    const same = await client.auth.updateUser({ password });
    expect(same.error).toMatchObject({ status: 422, code: "same_password" });
    expect((await client.auth.updateUser({ password: "brand-new-pass" })).error).toBeNull();
    expect(
      (await plainClient().auth.signInWithPassword({ email, password: "brand-new-pass" })).error,
    ).toBeNull();
    expect((await plainClient().auth.signInWithPassword({ email, password })).error).toMatchObject({
      code: "invalid_credentials",
    });
  });
});

describe("PKCE under @supabase/ssr", () => {
  it("mails a pkce_ token_hash that POST /verify accepts directly (the /auth/confirm route)", async () => {
    const { email, id } = await createConfirmedUser();
    const jar = new CookieJar();
    await serverClient(jar).auth.signInWithOtp({ email, options: { emailRedirectTo: redirectTo } });
    expect([...jar.cookies.keys()]).toContain("sb-127-auth-token-code-verifier");
    const tokenHash = (await lastLink(email)).searchParams.get("token_hash")!;
    expect(tokenHash).toMatch(/^pkce_[0-9a-f]{56}$/);
    const { data, error } = await serverClient(jar).auth.verifyOtp({ type: "email", token_hash: tokenHash });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    expect(jar.cookies.get("sb-127-auth-token")).toMatch(/^base64-/);
  });

  it("GET /verify redirects with ?code= and exchangeCodeForSession completes the flow", async () => {
    const email = uniqueEmail("pkce");
    const jar = new CookieJar();
    const { error: signUpError } = await serverClient(jar).auth.signUp({
      email,
      password: "secret-pass",
      options: { emailRedirectTo: redirectTo },
    });
    expect(signUpError).toBeNull();
    const tokenHash = (await lastLink(email)).searchParams.get("token_hash")!;
    const verifyUrl = `${stackEnv().url}/auth/v1/verify?token=${tokenHash}&type=signup&redirect_to=${encodeURIComponent(redirectTo)}`;
    const res = await fetch(verifyUrl, { redirect: "manual" }); // a browser visit: no apikey
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin + location.pathname).toBe("http://127.0.0.1:3100/auth/confirm");
    const code = location.searchParams.get("code")!;
    expect(code).toBeTruthy();
    const { data, error } = await serverClient(jar).auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const reused = await serverClient(jar).auth.exchangeCodeForSession(code);
    expect(reused.error).toBeTruthy();
    const replay = await fetch(verifyUrl, { redirect: "manual" });
    const failed = new URL(replay.headers.get("location")!);
    expect(failed.searchParams.get("error_code")).toBe("otp_expired");
    expect(failed.hash).toContain("error_description=");
  });

  it("refuses a code with the wrong verifier (bad_code_verifier) and an unknown code (flow_state_not_found)", async () => {
    const email = uniqueEmail("pkce-bad");
    await serverClient(new CookieJar()).auth.signInWithOtp({
      email,
      options: { emailRedirectTo: redirectTo },
    });
    const tokenHash = (await lastLink(email)).searchParams.get("token_hash")!;
    const res = await fetch(
      `${stackEnv().url}/auth/v1/verify?token=${tokenHash}&type=magiclink&redirect_to=${encodeURIComponent(redirectTo)}`,
      { redirect: "manual" },
    );
    const code = new URL(res.headers.get("location")!).searchParams.get("code")!;
    const otherJar = new CookieJar();
    await serverClient(otherJar).auth.signInWithOtp({
      email: uniqueEmail("other"),
      options: { emailRedirectTo: redirectTo },
    });
    const wrong = await serverClient(otherJar).auth.exchangeCodeForSession(code);
    expect(wrong.error).toMatchObject({ status: 400, code: "bad_code_verifier" });
    const unknown = await serverClient(otherJar).auth.exchangeCodeForSession(
      "00000000-0000-4000-8000-000000000000",
    );
    expect(unknown.error).toMatchObject({ status: 404, code: "flow_state_not_found" });
  });

  it("refuses a code issued more than 5 minutes ago (flow_state_expired)", async () => {
    const email = uniqueEmail("pkce-old");
    const jar = new CookieJar();
    await serverClient(jar).auth.signInWithOtp({ email, options: { emailRedirectTo: redirectTo } });
    const tokenHash = (await lastLink(email)).searchParams.get("token_hash")!;
    const res = await fetch(
      `${stackEnv().url}/auth/v1/verify?token=${tokenHash}&type=magiclink&redirect_to=${encodeURIComponent(redirectTo)}`,
      { redirect: "manual" },
    );
    const code = new URL(res.headers.get("location")!).searchParams.get("code")!;
    const db = postgres(stackEnv().adminDbUrl, { max: 1 });
    await db`update auth.flow_state set auth_code_issued_at = now() - interval '6 minutes' where auth_code = ${code}`;
    await db.end();
    const { error } = await serverClient(jar).auth.exchangeCodeForSession(code);
    expect(error).toMatchObject({ status: 422, code: "flow_state_expired" });
  });
});

describe("GET /verify without PKCE and e-mail change", () => {
  it("an implicit-flow link redirects with the session in the fragment", async () => {
    const email = uniqueEmail("implicit");
    await plainClient().auth.signUp({
      email,
      password: "secret-pass",
      options: { emailRedirectTo: redirectTo },
    });
    const tokenHash = (await lastLink(email)).searchParams.get("token_hash")!;
    expect(tokenHash).not.toMatch(/^pkce_/);
    const res = await fetch(
      `${stackEnv().url}/auth/v1/verify?token=${tokenHash}&type=signup&redirect_to=${encodeURIComponent(redirectTo)}`,
      { redirect: "manual" },
    );
    expect(res.status).toBe(303);
    const fragment = new URLSearchParams(new URL(res.headers.get("location")!).hash.slice(1));
    expect(fragment.get("token_type")).toBe("bearer");
    expect(fragment.get("type")).toBe("signup");
    const { data } = await plainClient().auth.getUser(fragment.get("access_token")!);
    expect(data.user?.email).toBe(email);
  });

  it("a new e-mail address takes effect once the links mailed to it and to the current one are verified", async () => {
    const { email, password, id } = await createConfirmedUser();
    const client = plainClient();
    await client.auth.signInWithPassword({ email, password });
    const next = uniqueEmail("moved");
    const { data, error } = await client.auth.updateUser({ email: next }, { emailRedirectTo: redirectTo });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: next });
    const link = await lastLink(next);
    expect(link.searchParams.get("type")).toBe("email_change");
    const fromNew = await plainClient().auth.verifyOtp({
      type: "email_change",
      token_hash: link.searchParams.get("token_hash")!,
    });
    expect(fromNew).toEqual({ data: { user: null, session: null }, error: null });
    const verified = await plainClient().auth.verifyOtp({
      type: "email_change",
      token_hash: (await lastLink(email)).searchParams.get("token_hash")!,
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ id, email: next });
    expect((await plainClient().auth.signInWithPassword({ email: next, password })).error).toBeNull();
  });
});
