import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  localSwitch,
  mailsTo,
  plainClient,
  stackEnv,
  uniqueEmail,
} from "../test-support/clients.ts";

// Auth with [auth.hook.send_email] on: every e-mail goes to the hook, signed, instead of the mailbox.
const secretBytes = Buffer.from("the stand-in's hook test secret!");
const secret = `v1,whsec_${secretBytes.toString("base64")}`;
const redirectTo = "http://127.0.0.1:3100/auth/confirm?next=/teams";

type Call = {
  headers: IncomingMessage["headers"];
  body: string;
  json: {
    metadata: Record<string, unknown>;
    user: Record<string, unknown>;
    email_data: Record<
      | "token"
      | "token_hash"
      | "redirect_to"
      | "email_action_type"
      | "site_url"
      | "token_new"
      | "token_hash_new",
      string
    >;
  };
};
let calls: Call[] = [];
let answer: (res: import("node:http").ServerResponse) => void = (res) => res.writeHead(204).end();
let server: Server;
let uri: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      calls.push({ headers: req.headers, body, json: JSON.parse(body) });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/send-email`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function hookOn(at = uri) {
  calls = [];
  answer = (res) => res.writeHead(204).end();
  await localSwitch("config", { send_email_hook: { uri: at, secrets: secret } });
}
afterEach(() => localSwitch("reset"));

function expectSigned(call: Call) {
  const id = call.headers["webhook-id"] as string;
  const ts = call.headers["webhook-timestamp"] as string;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(10);
  const expected = `v1,${createHmac("sha256", secretBytes).update(`${id}.${ts}.${call.body}`).digest("base64")}`;
  expect(call.headers["webhook-signature"]).toBe(expected);
  expect(call.headers["content-type"]).toBe("application/json");
}

describe("the Send Email Hook", () => {
  it("gets the sign-up e-mail, signed, with GoTrue's payload, and the mailbox gets nothing", async () => {
    await hookOn();
    const email = uniqueEmail("hook-signup");
    const { error } = await plainClient().auth.signUp({
      email,
      password: "correct-horse-1",
      options: { emailRedirectTo: redirectTo },
    });
    expect(error).toBeNull();
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expectSigned(call);
    expect(call.json.metadata).toMatchObject({ name: "send-email" });
    expect(call.json.user).toMatchObject({ email, aud: "authenticated" });
    expect(call.json.email_data).toEqual({
      token: expect.stringMatching(/^\d{6}$/),
      token_hash: expect.any(String),
      redirect_to: redirectTo,
      email_action_type: "signup",
      site_url: `${stackEnv().url}/auth/v1`,
      token_new: "",
      token_hash_new: "",
    });
    expect(await mailsTo(email)).toHaveLength(0);
    // The code the hook was given confirms the address.
    const verified = await plainClient().auth.verifyOtp({
      email,
      token: call.json.email_data.token,
      type: "email",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
  });

  it("gets magic links, resets and e-mail changes with their action types and working token hashes", async () => {
    await hookOn();
    const { email, password } = await createConfirmedUser(uniqueEmail("hook-kinds"));
    await plainClient().auth.signInWithOtp({ email, options: { emailRedirectTo: redirectTo } });
    const magic = await plainClient().auth.verifyOtp({
      type: "email",
      token_hash: calls[0]!.json.email_data.token_hash,
    });
    expect(magic.error).toBeNull();
    await plainClient().auth.resetPasswordForEmail(email, { redirectTo });
    expect(calls.map((c) => c.json.email_data.email_action_type)).toEqual(["magiclink", "recovery"]);
    const reset = await plainClient().auth.verifyOtp({
      type: "recovery",
      token_hash: calls[1]!.json.email_data.token_hash,
    });
    expect(reset.error).toBeNull();

    const client = plainClient();
    await client.auth.signInWithPassword({ email, password });
    const newEmail = uniqueEmail("hook-new");
    const changed = await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: redirectTo });
    expect(changed.error).toBeNull();
    const change = calls[2]!;
    expectSigned(change);
    expect(change.json.user).toMatchObject({ email, new_email: newEmail });
    // Secure e-mail change: one call, a code for each address (token: the current one's).
    expect(change.json.email_data).toMatchObject({ email_action_type: "email_change" });
    expect(change.json.email_data.token_new).toMatch(/^\d{6}$/);
    const first = await plainClient().auth.verifyOtp({
      email,
      token: change.json.email_data.token,
      type: "email_change",
    });
    expect(first.error).toBeNull();
    const confirmed = await plainClient().auth.verifyOtp({
      email: newEmail,
      token: change.json.email_data.token_new,
      type: "email_change",
    });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.email).toBe(newEmail);
  });

  it("a hook that refuses fails the request as GoTrue does, leaves no user, and lets the address ask again", async () => {
    await hookOn();
    answer = (res) => res.writeHead(401, { "content-type": "application/json" }).end('{"error":"nope"}');
    const email = uniqueEmail("hook-401");
    const failed = await plainClient().auth.signUp({ email, password: "correct-horse-1" });
    expect(failed.error).toMatchObject({ status: 500, message: "Hook requires authorization token" });
    const sql = postgres(stackEnv().adminDbUrl, { max: 1 });
    try {
      expect(await sql`select 1 from auth.users where email = ${email}`).toHaveLength(0);
    } finally {
      await sql.end();
    }
    answer = (res) => res.writeHead(204).end();
    const again = await plainClient().auth.signUp({ email, password: "correct-horse-1" });
    expect(again.error).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it("passes the hook's error object on as the answer's status and message", async () => {
    await hookOn();
    answer = (res) =>
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { http_code: 503, message: "Mail is down" } }));
    const { email } = await createConfirmedUser(uniqueEmail("hook-error"));
    const { error } = await plainClient().auth.resetPasswordForEmail(email);
    expect(error).toMatchObject({ status: 503, message: "Mail is down" });
    answer = (res) => res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    const plain = await plainClient().auth.resetPasswordForEmail(email);
    expect(plain.error).toMatchObject({ status: 400, code: "hook_payload_invalid_content_type" });
    answer = (res) => res.writeHead(500).end();
    const crashed = await plainClient().auth.resetPasswordForEmail(email);
    expect(crashed.error).toMatchObject({
      status: 500,
      message: "Unexpected status code returned from hook: 500",
    });
  });

  it("gives up after 5 s on a hook that does not answer (422 hook_timeout)", async () => {
    await hookOn();
    answer = () => {}; // never answers
    const started = Date.now();
    const { error } = await plainClient().auth.signUp({
      email: uniqueEmail("hook-slow"),
      password: "correct-horse-1",
    });
    expect(error).toMatchObject({ status: 422, code: "hook_timeout" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it("retries an unreachable hook, then answers 422 hook_timeout_after_retry", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await hookOn(`http://127.0.0.1:${port}/hook`);
    const started = Date.now();
    const { error } = await plainClient().auth.signUp({
      email: uniqueEmail("hook-gone"),
      password: "correct-horse-1",
    });
    expect(error).toMatchObject({ status: 422, code: "hook_timeout_after_retry" });
    // Three attempts, two 2-second pauses between them.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_900);
  });

  it("turns on only with a valid uri and secret", async () => {
    await expect(
      localSwitch("config", { send_email_hook: { uri: "http://example.com/hook", secrets: secret } }),
    ).rejects.toThrow(/400/);
    await expect(localSwitch("config", { send_email_hook: { uri, secrets: "whsec_abc" } })).rejects.toThrow(
      /400/,
    );
  });
});
