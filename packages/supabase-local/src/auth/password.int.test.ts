import { AuthApiError, AuthWeakPasswordError, createClient } from "@supabase/supabase-js";
import { afterEach, describe, expect, it } from "vitest";
import {
  adminClient,
  createConfirmedUser,
  localSwitch,
  mailsTo,
  plainClient,
  stackEnv,
  uniqueEmail,
} from "../test-support/clients.ts";

afterEach(() => localSwitch("reset"));

describe("sign-up", () => {
  it("with confirmations on returns a bare user and mails a confirmation link", async () => {
    const email = uniqueEmail("signup");
    const { data, error } = await plainClient().auth.signUp({
      email,
      password: "secret-pass",
      options: {
        data: { full_name: "Sam" },
        emailRedirectTo: "http://127.0.0.1:3100/auth/confirm?next=/dashboard",
      },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: "authenticated",
      role: "authenticated",
      user_metadata: { full_name: "Sam" },
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);
    const [mail] = await mailsTo(email);
    const link = new URL(mail!.links[0]!);
    expect(link.origin + link.pathname).toBe("http://127.0.0.1:3100/auth/confirm");
    expect(link.searchParams.get("next")).toBe("/dashboard");
    expect(link.searchParams.get("type")).toBe("email");
    expect(link.searchParams.get("token_hash")).toMatch(/^[0-9a-f]{56}$/);
  });

  it("with confirmations off signs the user straight in", async () => {
    await localSwitch("config", { enable_confirmations: false });
    const email = uniqueEmail("auto");
    const { data, error } = await plainClient().auth.signUp({ email, password: "secret-pass" });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("for an existing address: 422 user_already_exists (autoconfirm) or a look-alike user without identities", async () => {
    const { email } = await createConfirmedUser();
    const hidden = await plainClient().auth.signUp({ email, password: "another-pass" });
    expect(hidden.error).toBeNull();
    expect(hidden.data.user?.identities).toEqual([]);
    expect(await mailsTo(email)).toHaveLength(0);
    await localSwitch("config", { enable_confirmations: false });
    const { error } = await plainClient().auth.signUp({ email, password: "another-pass" });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      status: 422,
      code: "user_already_exists",
      message: "User already registered",
    });
  });

  it("resend mails a new confirmation link to an unconfirmed address only", async () => {
    const email = uniqueEmail("resend");
    await plainClient().auth.signUp({ email, password: "secret-pass" });
    const { error } = await plainClient().auth.resend({
      type: "signup",
      email,
      options: { emailRedirectTo: "http://127.0.0.1:3100/auth/confirm?next=/x" },
    });
    expect(error).toBeNull();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.links[0]).toMatch(/^http:\/\/127\.0\.0\.1:3100\/auth\/confirm\?next=\/x&token_hash=/);
    const { email: confirmed } = await createConfirmedUser();
    expect((await plainClient().auth.resend({ type: "signup", email: confirmed })).error).toBeNull();
    expect(await mailsTo(confirmed)).toHaveLength(0);
  });

  it("rejects weak passwords and bad addresses, writing nothing", async () => {
    const email = uniqueEmail("weak");
    const weak = await plainClient().auth.signUp({ email, password: "123" });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error).toMatchObject({ status: 422, code: "weak_password", reasons: ["length"] });
    const bad = await plainClient().auth.signUp({ email: "not-an-email", password: "secret-pass" });
    expect(bad.error).toMatchObject({ status: 400, code: "validation_failed" });
    const { data } = await adminClient().auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.some((u) => u.email === email)).toBe(false);
  });
});

describe("password sign-in", () => {
  it("returns a session with the user and the tokens the clients need", async () => {
    const { email, password, id } = await createConfirmedUser();
    const { data, error } = await plainClient().auth.signInWithPassword({
      email: email.toUpperCase(),
      password,
    });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { id, email } });
    expect(data.session!.expires_at! - Date.now() / 1000).toBeGreaterThan(3500);
    expect(data.user?.last_sign_in_at).toBeTruthy();
    expect(data.user?.app_metadata).toEqual({ provider: "email", providers: ["email"] });
  });

  it("signs in the seeded demo accounts", async () => {
    const { data, error } = await plainClient().auth.signInWithPassword({
      email: "mia@example.com",
      password: "noosa-demo-2026",
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe("d0000000-0000-4000-8000-000000000001");
  });

  it("400 invalid_credentials for a wrong password or unknown address, email_not_confirmed before confirming", async () => {
    const { email } = await createConfirmedUser();
    for (const attempt of [
      { email, password: "wrong-pass" },
      { email: uniqueEmail("nobody"), password: "wrong-pass" },
    ]) {
      const { error } = await plainClient().auth.signInWithPassword(attempt);
      expect(error).toMatchObject({
        status: 400,
        code: "invalid_credentials",
        message: "Invalid login credentials",
      });
    }
    const pending = uniqueEmail("pending");
    await plainClient().auth.signUp({ email: pending, password: "secret-pass" });
    const { error } = await plainClient().auth.signInWithPassword({
      email: pending,
      password: "secret-pass",
    });
    expect(error).toMatchObject({ status: 400, code: "email_not_confirmed" });
  });
});

describe("admin API", () => {
  it("creates confirmed users, refuses duplicates, lists and deletes them", async () => {
    const admin = adminClient().auth.admin;
    const email = uniqueEmail("admin");
    const created = await admin.createUser({
      email,
      password: "secret-pass",
      email_confirm: true,
      user_metadata: { a: 1 },
    });
    expect(created.data.user).toMatchObject({ email, user_metadata: { a: 1 } });
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    const again = await admin.createUser({ email, password: "secret-pass", email_confirm: true });
    expect(again.error).toMatchObject({ status: 422, code: "email_exists" });
    const list = await admin.listUsers({ perPage: 1000 });
    expect(list.data.users.map((u) => u.email)).toContain(email);
    expect((await admin.getUserById(created.data.user!.id)).data.user?.email).toBe(email);
    expect((await admin.deleteUser(created.data.user!.id)).error).toBeNull();
    expect((await admin.getUserById(created.data.user!.id)).error).toMatchObject({ status: 404 });
  });

  it("updates users: confirms, changes password and metadata", async () => {
    const admin = adminClient().auth.admin;
    const email = uniqueEmail("admin-upd");
    const { data } = await admin.createUser({ email, password: "secret-pass" });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const updated = await admin.updateUserById(data.user!.id, {
      email_confirm: true,
      password: "other-pass",
      user_metadata: { b: 2 },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ email, user_metadata: { b: 2 } });
    expect(updated.data.user?.email_confirmed_at).toBeTruthy();
    expect((await plainClient().auth.signInWithPassword({ email, password: "other-pass" })).error).toBeNull();
  });

  it("takes the project's secret key (sb_secret_…) as hosted Supabase does, and no look-alike", async () => {
    const { url, secretKey } = stackEnv();
    const withKey = (key: string) =>
      createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } }).auth.admin;
    const email = uniqueEmail("secret-key");
    const created = await withKey(secretKey).createUser({
      email,
      password: "secret-pass",
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    // One character changed: a key that already ends in "x" gets "y" (else the look-alike is the key).
    const lookAlike = `${secretKey.slice(0, -1)}${secretKey.endsWith("x") ? "y" : "x"}`;
    expect(lookAlike).not.toBe(secretKey);
    expect((await withKey(lookAlike).deleteUser(created.data.user!.id)).error).toMatchObject({
      status: 403,
    });
    expect((await withKey(secretKey).deleteUser(created.data.user!.id)).error).toBeNull();
  });

  it("is closed to the publishable key and to user tokens", async () => {
    const { error } = await plainClient().auth.admin.createUser({
      email: uniqueEmail(),
      password: "secret-pass",
    });
    expect(error).toMatchObject({ status: 403, code: "bad_jwt" });
  });
});
