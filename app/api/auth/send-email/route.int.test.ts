import { randomUUID } from "node:crypto";
import type { Mail } from "@noosa-tri/supabase-local";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSecrets, sign } from "@/lib/auth/send-email-hook/standard-webhooks";
import { POST } from "./route";

// The route against the local stack's SMTP listener (SMTP_URL) and mailbox: what Auth's hook call produces.
const secret = `v1,whsec_${Buffer.from("route test secret, 32 bytes long").toString("base64")}`;
const key = parseSecrets(secret)[0]!;
let saved: string | undefined;
beforeAll(() => {
  saved = process.env.SEND_EMAIL_HOOK_SECRET;
  process.env.SEND_EMAIL_HOOK_SECRET = secret;
});
afterAll(() => {
  process.env.SEND_EMAIL_HOOK_SECRET = saved;
});

async function mailsTo(email: string): Promise<Mail[]> {
  const url = `${process.env.LOCAL_MAILBOX_URL}/api/messages?to=${encodeURIComponent(email)}`;
  return (await (await fetch(url)).json()) as Mail[];
}

function hookRequest(email: string, signature?: string) {
  const body = JSON.stringify({
    metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: "send-email" },
    user: { id: randomUUID(), aud: "authenticated", role: "authenticated", email },
    email_data: {
      token: "482913",
      token_hash: `pkce_${randomUUID().replaceAll("-", "")}`,
      redirect_to: "http://127.0.0.1:3100/auth/confirm?next=%2Fcreate-profile",
      email_action_type: "signup",
      site_url: "http://127.0.0.1:54321/auth/v1",
      token_new: "",
      token_hash_new: "",
    },
  });
  const id = randomUUID();
  const ts = Math.floor(Date.now() / 1000);
  return new Request("http://127.0.0.1:3100/api/auth/send-email", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(ts),
      "webhook-signature": signature ?? sign(key, id, ts, body),
    },
    body,
  });
}

async function eventually<T>(read: () => Promise<T[]>, count: number): Promise<T[]> {
  for (let i = 0; i < 50; i++) {
    const list = await read();
    if (list.length >= count) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
  return read();
}

describe("POST /api/auth/send-email", () => {
  it("a signed call puts the branded e-mail, with a text and an HTML part, in the mailbox", async () => {
    const email = `hook-route-${randomUUID().slice(0, 8)}@example.com`;
    const res = await POST(hookRequest(email));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({});
    const [mail] = await eventually(() => mailsTo(email), 1);
    expect(mail).toBeDefined();
    // The mail parser quotes the display name.
    expect(mail!.from).toBe('"Noosa Tri Teams" <accounts@noosatriteams.com.au>');
    expect(mail!.subject).toBe("Confirm your Noosa Tri Teams account");
    expect(mail!.headers["content-type"]).toMatch(/^multipart\/alternative/);
    expect(mail!.html).toContain("Noosa Heads, Queensland");
    expect(mail!.text).toMatch(/confirm your e-mail address/i);
    expect(mail!.text).toMatch(/\b482913\b/);
    expect(mail!.text).toMatch(
      /Confirm my address http:\/\/127\.0\.0\.1:3100\/auth\/confirm\?next=%2Fcreate-profile&token_hash=pkce_\w+&type=email/,
    );
    expect(mail!.links.some((l) => /[?&]token_hash=pkce_\w+&type=email$/.test(l))).toBe(true);
  });

  it("a bad signature is answered 401 and nothing is sent", async () => {
    const email = `hook-forged-${randomUUID().slice(0, 8)}@example.com`;
    const res = await POST(hookRequest(email, "v1,Zm9yZ2VkIHNpZ25hdHVyZSBmb3IgYSB0ZXN0IG9ubHk="));
    expect(res.status).toBe(401);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(email)).toHaveLength(0);
  });
});
