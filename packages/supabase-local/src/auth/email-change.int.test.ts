import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  CookieJar,
  createConfirmedUser,
  lastLink,
  localSwitch,
  mailsTo,
  plainClient,
  serverClient,
  stackEnv,
  uniqueEmail,
} from "../test-support/clients.ts";

// Secure e-mail change ([auth.email] double_confirm_changes, hosted's "Secure email change"): the address
// changes only once BOTH the current and the new address confirmed, in either order.
const redirectTo = "http://127.0.0.1:3100/auth/confirm?next=/teams";
const accepted = "Confirmation link accepted. Please proceed to confirm link sent to the other email";

afterEach(() => localSwitch("reset"));

async function requestChange() {
  const { email, password, id } = await createConfirmedUser();
  const client = plainClient();
  await client.auth.signInWithPassword({ email, password });
  const next = uniqueEmail("moved");
  const { data, error } = await client.auth.updateUser({ email: next }, { emailRedirectTo: redirectTo });
  expect(error).toBeNull();
  expect(data.user).toMatchObject({ email, new_email: next });
  return { email, password, id, next, client };
}

async function emailOf(id: string) {
  const sql = postgres(stackEnv().adminDbUrl, { max: 1 });
  try {
    const [row] = await sql<{ email: string; email_change: string }[]>`
      select email, email_change from auth.users where id = ${id}`;
    return row!;
  } finally {
    await sql.end();
  }
}

/** POST /verify as supabase-js sends it, for the exact body (supabase-js turns `{ msg, code }` into nulls). */
async function verifyRaw(body: Record<string, string>) {
  const res = await fetch(`${stackEnv().url}/auth/v1/verify`, {
    method: "POST",
    headers: { apikey: stackEnv().key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

describe("secure e-mail change through the templates", () => {
  it("mails both addresses; the link to the new one alone is accepted but changes nothing; both change it", async () => {
    const { email, id, next, password } = await requestChange();
    const [toNew] = await mailsTo(next);
    const [toCurrent] = await mailsTo(email);
    expect(toNew?.subject).toBe(toCurrent?.subject);
    const newHash = (await lastLink(next)).searchParams.get("token_hash")!;
    const currentHash = (await lastLink(email)).searchParams.get("token_hash")!;
    expect(newHash).not.toBe(currentHash);

    const first = await verifyRaw({ type: "email_change", token_hash: newHash });
    expect(first).toEqual({ status: 200, body: { msg: accepted, code: "200" } });
    expect(await emailOf(id)).toEqual({ email, email_change: next });
    const reused = await plainClient().auth.verifyOtp({ type: "email_change", token_hash: newHash });
    expect(reused.error).toMatchObject({ status: 403, code: "otp_expired" });
    expect((await emailOf(id)).email).toBe(email);

    const second = await plainClient().auth.verifyOtp({ type: "email_change", token_hash: currentHash });
    expect(second.error).toBeNull();
    expect(second.data.user).toMatchObject({ id, email: next });
    expect(await emailOf(id)).toEqual({ email: next, email_change: "" });
    expect((await plainClient().auth.signInWithPassword({ email: next, password })).error).toBeNull();
  });

  it("takes the two 6-digit codes, current address first", async () => {
    const { email, id, next } = await requestChange();
    const currentCode = codeIn((await mailsTo(email))[0]!.text);
    const newCode = codeIn((await mailsTo(next))[0]!.text);
    const wrongPair = await plainClient().auth.verifyOtp({ email, token: newCode, type: "email_change" });
    expect(wrongPair.error).toMatchObject({ status: 403, code: "otp_expired" });

    const first = await plainClient().auth.verifyOtp({ email, token: currentCode, type: "email_change" });
    expect(first).toEqual({ data: { user: null, session: null }, error: null });
    expect((await emailOf(id)).email).toBe(email);
    const second = await plainClient().auth.verifyOtp({ email: next, token: newCode, type: "email_change" });
    expect(second.error).toBeNull();
    expect(second.data.session?.user.email).toBe(next);
  });

  it("the mailed link (GET /verify) first redirects with hosted's message, then signs in with the new address", async () => {
    const { email, id, next } = await requestChange();
    const open = (link: URL) =>
      fetch(
        `${stackEnv().url}/auth/v1/verify?${new URLSearchParams({
          token: link.searchParams.get("token_hash")!,
          type: "email_change",
          redirect_to: redirectTo,
        })}`,
        { redirect: "manual" },
      );
    const first = await open(await lastLink(email));
    expect(first.status).toBe(303);
    const to = new URL(first.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe("http://127.0.0.1:3100/auth/confirm");
    expect(new URLSearchParams(to.hash.slice(1)).get("message")).toBe(accepted);
    expect((await emailOf(id)).email).toBe(email);
    const second = await open(await lastLink(next));
    const fragment = new URLSearchParams(new URL(second.headers.get("location")!).hash.slice(1));
    expect(fragment.get("type")).toBe("email_change");
    expect((await emailOf(id)).email).toBe(next);
  });

  it("PKCE (@supabase/ssr): the first link answers ?message= and no code; the second a code for the new address", async () => {
    const { email, password, id } = await createConfirmedUser();
    const jar = new CookieJar();
    await serverClient(jar).auth.signInWithPassword({ email, password });
    const next = uniqueEmail("moved-pkce");
    const changed = await serverClient(jar).auth.updateUser({ email: next }, { emailRedirectTo: redirectTo });
    expect(changed.error).toBeNull();
    const open = async (link: URL) => {
      const token = link.searchParams.get("token_hash")!;
      expect(token).toMatch(/^pkce_/);
      const query = new URLSearchParams({ token, type: "email_change", redirect_to: redirectTo });
      const res = await fetch(`${stackEnv().url}/auth/v1/verify?${query}`, { redirect: "manual" });
      return new URL(res.headers.get("location")!);
    };
    const first = await open(await lastLink(next));
    expect(first.searchParams.get("message")).toBe(accepted);
    expect(first.searchParams.get("next")).toBe("/teams");
    expect(first.searchParams.get("code")).toBeNull();
    expect((await emailOf(id)).email).toBe(email);
    const second = await open(await lastLink(email));
    const code = second.searchParams.get("code")!;
    expect(code).toBeTruthy();
    expect((await emailOf(id)).email).toBe(next);
    const exchanged = await serverClient(jar).auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(next);
  });

  it("with double_confirm_changes off, the new address alone confirms and only it is mailed", async () => {
    await localSwitch("config", { double_confirm_changes: false });
    const { email, id, next } = await requestChange();
    expect(await mailsTo(email)).toHaveLength(0);
    const hash = (await lastLink(next)).searchParams.get("token_hash")!;
    const done = await plainClient().auth.verifyOtp({ type: "email_change", token_hash: hash });
    expect(done.error).toBeNull();
    expect((await emailOf(id)).email).toBe(next);
  });

  it("refuses an address already taken, and a second change within max_frequency of the first", async () => {
    const other = await createConfirmedUser();
    const { email, password } = await createConfirmedUser();
    const client = plainClient();
    await client.auth.signInWithPassword({ email, password });
    const taken = await client.auth.updateUser({ email: other.email });
    expect(taken.error).toMatchObject({
      status: 422,
      code: "email_exists",
      message: "A user with this email address has already been registered",
    });
    await localSwitch("config", { email_max_frequency: 60 });
    expect((await client.auth.updateUser({ email: uniqueEmail("first") })).error).toBeNull();
    const again = await client.auth.updateUser({ email: uniqueEmail("second") });
    expect(again.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
  });
});

describe("secure e-mail change through the Send Email Hook", () => {
  let server: Server;
  let refuse = false;
  let calls: { user: Record<string, string>; email_data: Record<string, string> }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        calls.push(JSON.parse(body));
        res.writeHead(refuse ? 500 : 204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  async function hookOn(extra: Record<string, unknown> = {}) {
    calls = [];
    refuse = false;
    const uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const secret = `v1,whsec_${Buffer.from("the e-mail change hook secret!!").toString("base64")}`;
    await localSwitch("config", { send_email_hook: { uri, secrets: secret }, ...extra });
  }

  it("gets ONE call: token + token_hash_new for the current address, token_new + token_hash for the new", async () => {
    await hookOn();
    const { email, id, next } = await requestChange();
    expect(calls).toHaveLength(1);
    const { user, email_data: data } = calls[0]!;
    expect(user).toMatchObject({ email, new_email: next });
    expect(data.email_action_type).toBe("email_change");
    for (const key of ["token", "token_new", "token_hash", "token_hash_new"]) expect(data[key]).toBeTruthy();
    expect(await mailsTo(email)).toHaveLength(0);

    // Codes: each with its own address; hashes: token_hash_new is the current address's.
    const byCode = await plainClient().auth.verifyOtp({
      email: next,
      token: data.token_new!,
      type: "email_change",
    });
    expect(byCode).toEqual({ data: { user: null, session: null }, error: null });
    expect((await emailOf(id)).email).toBe(email);
    const byHash = await plainClient().auth.verifyOtp({
      type: "email_change",
      token_hash: data.token_hash_new!,
    });
    expect(byHash.error).toBeNull();
    expect(byHash.data.user).toMatchObject({ id, email: next });
  });

  it("a hook that refuses fails the change and leaves the user as before, free to ask again", async () => {
    await hookOn();
    const { email, password, id } = await createConfirmedUser();
    const client = plainClient();
    await client.auth.signInWithPassword({ email, password });
    const before = await emailOf(id);
    refuse = true;
    const failed = await client.auth.updateUser({ email: uniqueEmail("refused") });
    expect(failed.error).toMatchObject({
      status: 500,
      message: "Unexpected status code returned from hook: 500",
    });
    expect(await emailOf(id)).toEqual(before);
    expect((await client.auth.getUser()).data.user?.new_email).toBeUndefined();
    refuse = false;
    expect((await client.auth.updateUser({ email: uniqueEmail("retried") })).error).toBeNull();
  });

  it("the current address's code then the new address's hash; off, token and token_hash are the new address's", async () => {
    await hookOn();
    const { email, id, next } = await requestChange();
    const data = calls[0]!.email_data;
    const first = await plainClient().auth.verifyOtp({ email, token: data.token!, type: "email_change" });
    expect(first).toEqual({ data: { user: null, session: null }, error: null });
    expect((await emailOf(id)).email).toBe(email);
    const second = await plainClient().auth.verifyOtp({ type: "email_change", token_hash: data.token_hash! });
    expect(second.data.user).toMatchObject({ id, email: next });

    await hookOn({ double_confirm_changes: false });
    const single = await requestChange();
    const only = calls[0]!.email_data;
    expect(only).toMatchObject({ token_new: "", token_hash_new: "" });
    const done = await plainClient().auth.verifyOtp({
      email: single.next,
      token: only.token!,
      type: "email_change",
    });
    expect(done.data.user).toMatchObject({ id: single.id, email: single.next });
  });
});
