import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import type { Mail } from "../mailbox.ts";
import type { AuthContext } from "./context.ts";
import { sendAuthMail } from "./mail.ts";

const config = loadConfig();

/** Sends one auth e-mail of `kind` through the stand-in's mailer and returns what the mailbox got. */
async function send(kind: "confirmation" | "magic_link" | "recovery" | "email_change"): Promise<Mail> {
  const delivered: Mail[] = [];
  const ctx = {
    // The templates path: what Auth sends without [auth.hook.send_email].
    config: { ...config.auth, send_email_hook: null },
    mailbox: { deliver: (mail: Mail) => delivered.push(mail) },
  } as unknown as AuthContext;
  await sendAuthMail(
    ctx,
    kind,
    "robin@example.com",
    {
      RedirectTo: "http://127.0.0.1:3100/auth/confirm?next=%2Fcreate-profile",
      TokenHash: "hash123",
      Token: "654321",
      Email: "old@example.com",
      NewEmail: "robin@example.com",
    },
    "00000000-0000-4000-8000-000000000001",
  );
  expect(delivered).toHaveLength(1);
  return delivered[0]!;
}

describe("auth e-mails from supabase/templates and config.toml", () => {
  it("come from Noosa Tri Teams ([auth.email.smtp]), branded, with an HTML and a plain-text part", async () => {
    const mail = await send("confirmation");
    expect(mail.from).toBe("Noosa Tri Teams <accounts@noosatriteams.com.au>");
    expect(mail.headers.from).toBe(mail.from);
    expect(mail.subject).toBe("Confirm your Noosa Tri Teams account");
    // The template file as it is, filled in: the notification e-mails' frame (brand line, button, footer).
    expect(mail.html).toContain("Noosa Heads, Queensland");
    expect(mail.html).toMatch(
      /<a [^>]*href="http:\/\/127.0.0.1:3100\/auth\/confirm[^"]*"[^>]*>[\s\S]*?Confirm my address[\s\S]*?<\/a>/,
    );
    expect(mail.html).toContain("654321");
    const template = readFileSync(config.auth.templates.confirmation!.contentPath, "utf8");
    expect(template).toContain("{{ .Token }}");
    // The text part: readable words, the link written out, the code; no markup, no hidden preview.
    expect(mail.text).toContain("Confirm your e-mail address");
    expect(mail.text).toContain(
      "Confirm my address: http://127.0.0.1:3100/auth/confirm?next=%2Fcreate-profile&token_hash=hash123&type=email",
    );
    expect(mail.text).toContain("654321");
    expect(mail.text).not.toMatch(/<[a-z]|\\u200c|Confirm your e-mail address to finish signing up/);
    expect(mail.links).toContain(
      "http://127.0.0.1:3100/auth/confirm?next=%2Fcreate-profile&token_hash=hash123&type=email",
    );
  });

  it("every kind is branded and sent as Noosa Tri Teams", async () => {
    for (const kind of ["magic_link", "recovery", "email_change"] as const) {
      const mail = await send(kind);
      expect(mail.from).toBe("Noosa Tri Teams <accounts@noosatriteams.com.au>");
      expect(mail.html).toContain("Noosa Tri Teams");
      expect(mail.text).toContain("654321");
      expect(mail.links.some((l) => /[?&]token_hash=hash123&type=\w+$/.test(l))).toBe(true);
    }
  });

  it("without [auth.email.smtp] a sender, hosted Supabase's built-in one", () => {
    const bare = loadConfig(new URL("../test-support/bare-config.toml", import.meta.url).pathname);
    expect(bare.auth.sender).toBe("Supabase Auth <noreply@mail.app.supabase.io>");
  });
});
