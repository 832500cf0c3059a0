import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import type { RenderedMail } from "@/lib/notifications/render";
import { handleSendEmailHook } from "./handle";
import { parseSecrets, sign } from "./standard-webhooks";

const secret = `v1,whsec_${Buffer.from("a test secret of 32 bytes, ok!!!").toString("base64")}`;
const key = parseSecrets(secret)[0]!;

function payload(emailData: Record<string, string>, user: Record<string, string> = {}) {
  return {
    metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: "send-email" },
    user: { id: randomUUID(), aud: "authenticated", email: "kim@example.com", ...user },
    email_data: {
      token: "123456",
      token_hash: `hash-${randomUUID()}`,
      redirect_to: "https://noosatriteams.com.au/auth/confirm?next=%2Fteams%2Fabc%2Fjoin",
      email_action_type: "signup",
      site_url: "https://project.supabase.co/auth/v1",
      token_new: "",
      token_hash_new: "",
      ...emailData,
    },
  };
}

/** Signs and posts `body`, sending through `sendMail` (nodemailer's own, to read its envelope). */
async function callWith(body: unknown, sendMail: (mail: RenderedMail) => Promise<unknown>) {
  const raw = JSON.stringify(body);
  const id = randomUUID();
  const ts = Math.floor(Date.now() / 1000);
  const headers = new Headers({
    "webhook-id": id,
    "webhook-timestamp": String(ts),
    "webhook-signature": sign(key, id, ts, raw),
  });
  return handleSendEmailHook({ headers, body: raw }, { secrets: secret, transport: () => ({ sendMail }) });
}

async function call(body: unknown, opts: { sig?: string; ts?: number; fail?: boolean } = {}) {
  const sent: RenderedMail[] = [];
  const raw = JSON.stringify(body);
  const id = randomUUID();
  const ts = opts.ts ?? Math.floor(Date.now() / 1000);
  const headers = new Headers({
    "webhook-id": id,
    "webhook-timestamp": String(ts),
    "webhook-signature": opts.sig ?? sign(key, id, ts, raw),
  });
  const answer = await handleSendEmailHook(
    { headers, body: raw },
    {
      secrets: secret,
      transport: () => ({
        sendMail: async (mail: RenderedMail) => {
          if (opts.fail) throw new Error("connection refused");
          sent.push(mail);
        },
      }),
    },
  );
  return { answer, sent };
}

describe("the Send Email Hook", () => {
  it("sends the sign-up e-mail, From Noosa Tri Teams, with HTML and a plain-text part carrying link and code", async () => {
    const body = payload({});
    const { answer, sent } = await call(body);
    expect(answer).toEqual({ status: 200, body: {} });
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.from).toBe("Noosa Tri Teams <accounts@noosatriteams.com.au>");
    expect(mail.to).toBe("kim@example.com");
    expect(mail.subject).toBe("Confirm your Noosa Tri Teams account");
    const link = `https://noosatriteams.com.au/auth/confirm?next=%2Fteams%2Fabc%2Fjoin&token_hash=${body.email_data.token_hash}&type=email`;
    expect(mail.html).toContain(link.replaceAll("&", "&amp;"));
    expect(mail.html).toContain("123456");
    expect(mail.html).not.toContain("{{");
    expect(mail.text).toContain("Noosa Tri Teams");
    expect(mail.text).toContain(link);
    expect(mail.text).toMatch(/\b123456\b/);
    expect(mail.text).not.toContain("<");
  });

  it("sends a reset and a magic link with their own subjects and link types; bare site URL → confirm page", async () => {
    const reset = await call(
      payload({ email_action_type: "recovery", redirect_to: "https://noosatriteams.com.au" }),
    );
    expect(reset.sent[0]!.subject).toBe("Reset your Noosa Tri Teams password");
    expect(reset.sent[0]!.text).toMatch(
      /https:\/\/noosatriteams\.com\.au\/auth\/confirm\?next=\/dashboard&token_hash=hash-[\w-]+&type=recovery/,
    );
    const magic = await call(payload({ email_action_type: "magiclink" }));
    expect(magic.sent[0]!.subject).toBe("Your Noosa Tri Teams sign-in link");
    expect(magic.sent[0]!.text).toMatch(/&type=email\b/);
  });

  it("sends a secure e-mail change to both addresses, each with its own code and hash", async () => {
    const { sent } = await call(
      payload(
        {
          email_action_type: "email_change",
          token: "111111",
          token_hash: "hash-for-new",
          token_new: "222222",
          token_hash_new: "hash-for-current",
        },
        { new_email: "kim.new@example.com" },
      ),
    );
    expect(sent.map((m) => m.to)).toEqual(["kim@example.com", "kim.new@example.com"]);
    expect(sent[0]!.text).toContain("111111");
    expect(sent[0]!.text).toContain("token_hash=hash-for-current&type=email_change");
    expect(sent[1]!.text).toContain("222222");
    expect(sent[1]!.text).toContain("token_hash=hash-for-new&type=email_change");
    expect(sent[1]!.text).toContain("from kim@example.com to kim.new@example.com");
  });

  it("sends a plain e-mail change to the new address only", async () => {
    const { sent } = await call(
      payload({ email_action_type: "email_change" }, { new_email: "kim.new@example.com" }),
    );
    expect(sent.map((m) => m.to)).toEqual(["kim.new@example.com"]);
  });

  it("answers 401 and sends nothing for a bad or old signature", async () => {
    const body = payload({});
    const bad = await call(body, { sig: "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=" });
    expect(bad.answer.status).toBe(401);
    expect(bad.sent).toHaveLength(0);
    const old = await call(body, { ts: Math.floor(Date.now() / 1000) - 600 });
    expect(old.answer.status).toBe(401);
    expect(old.sent).toHaveLength(0);
  });

  it("sends a retried request (same token, new webhook-id) only once", async () => {
    const body = payload({});
    expect((await call(body)).sent).toHaveLength(1);
    const again = await call(body);
    expect(again.answer).toEqual({ status: 200, body: {} });
    expect(again.sent).toHaveLength(0);
  });

  it("passes a failed send back to Auth as an error object the person's request answers with", async () => {
    const { answer } = await call(payload({}), { fail: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      error: { http_code: 503, message: expect.stringMatching(/could not be sent/) },
    });
  });

  it("refuses kinds it does not brand and payloads that are not Auth's", async () => {
    const invite = await call(payload({ email_action_type: "invite" }));
    expect(invite.answer.body).toMatchObject({ error: { http_code: 422 } });
    expect(invite.sent).toHaveLength(0);
    expect((await call({ hello: "world" })).answer.status).toBe(400);
  });

  it.each([
    ["a list", { email: "kim@example.com, boss@example.org" }, {}],
    ["a header after a line break", { email: "kim@example.com\r\nBcc: boss@example.org" }, {}],
    ["a display name with another address", { email: "Kim <boss@example.org>" }, {}],
    ["a semicolon list", { email: "kim@example.com;boss@example.org" }, {}],
    [
      "a list as the new address of an e-mail change",
      { email: "kim@example.com", new_email: "new@example.com, boss@example.org" },
      { email_action_type: "email_change", token_new: "654321", token_hash_new: `hash-${randomUUID()}` },
    ],
  ])("mails one parsed address or nothing: refuses %s", async (_, user, data) => {
    const smtp = nodemailer.createTransport({ jsonTransport: true });
    const recipients: string[][] = [];
    const answer = await callWith(payload(data as Record<string, string>, user), async (mail) => {
      const info = (await smtp.sendMail(mail)) as { envelope: { to: string[] } };
      recipients.push(info.envelope.to);
    });
    expect(recipients.filter((to) => to.length !== 1)).toEqual([]);
    expect(recipients).toEqual([]);
    expect(answer.body).toMatchObject({ error: { http_code: 400 } });
  });

  it("hands the SMTP envelope exactly the one address it checked", async () => {
    const smtp = nodemailer.createTransport({ jsonTransport: true });
    const recipients: string[][] = [];
    const answer = await callWith(payload({}, { email: "kim.o'neil+tri@example.com" }), async (mail) => {
      const info = (await smtp.sendMail(mail)) as { envelope: { to: string[] } };
      recipients.push(info.envelope.to);
    });
    expect(answer).toEqual({ status: 200, body: {} });
    expect(recipients).toEqual([["kim.o'neil+tri@example.com"]]);
  });
});
