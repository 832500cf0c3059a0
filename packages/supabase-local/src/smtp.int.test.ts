import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { mailsTo, stackEnv, uniqueEmail } from "./test-support/clients.ts";

const smtpUrl = () => {
  const value = process.env.SMTP_URL;
  if (!value) throw new Error("SMTP_URL is not set: run inside supabase-local --test");
  return value;
};

describe("SMTP listener (the mail catcher's SMTP side)", () => {
  it("puts a mail sent with nodemailer into the mailbox once per recipient, with parts and headers", async () => {
    const to = uniqueEmail("smtp-to");
    const cc = uniqueEmail("smtp-cc");
    const transport = nodemailer.createTransport(smtpUrl());
    const info = await transport.sendMail({
      from: "Noosa Tri Teams <notify@example.test>",
      to,
      cc,
      subject: "Noah wants to join",
      text: "Open https://example.test/teams/1 to decide.",
      html: '<p>Open <a href="https://example.test/teams/1">the team</a> to decide.</p>',
      headers: {
        "List-Unsubscribe": "<https://example.test/unsubscribe?token=abc>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    expect(info.accepted).toEqual([to, cc]);

    for (const address of [to, cc]) {
      const mails = await mailsTo(address);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail).toMatchObject({
        to: address,
        from: '"Noosa Tri Teams" <notify@example.test>',
        subject: "Noah wants to join",
        links: ["https://example.test/teams/1"],
      });
      expect(mail!.text.trim()).toBe("Open https://example.test/teams/1 to decide.");
      expect(mail!.html).toContain('<a href="https://example.test/teams/1">the team</a>');
      expect(mail!.headers["list-unsubscribe"]).toBe("<https://example.test/unsubscribe?token=abc>");
      expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail!.headers["message-id"]).toBe(info.messageId);
    }
    transport.close();
  });

  it("shows the headers on the mailbox page", async () => {
    const to = uniqueEmail("smtp-page");
    const transport = nodemailer.createTransport(smtpUrl());
    await transport.sendMail({
      from: "notify@example.test",
      to,
      subject: "Plain",
      text: "Only text",
      headers: { "List-Unsubscribe": "<https://example.test/u?t=1&k=2>" },
    });
    transport.close();
    const url = new URL(stackEnv().mailboxUrl);
    const page = await fetch(`${url.origin}/mailbox?to=${encodeURIComponent(to)}`).then((r) => r.text());
    expect(page).toContain("<summary>Headers</summary>");
    expect(page).toContain("<dt>list-unsubscribe</dt><dd>&#60;https://example.test/u?t=1&#38;k=2&#62;</dd>");
    const [mail] = await mailsTo(to);
    expect(mail!.html).toBe("");
    expect(mail!.links).toEqual([]);
  });

  it("gives Auth's own e-mails the same shape (from, headers)", async () => {
    const email = uniqueEmail("smtp-auth");
    const { url, key } = stackEnv();
    const res = await fetch(`${url}/auth/v1/otp`, {
      method: "POST",
      headers: { apikey: key, "Content-Type": "application/json" },
      body: JSON.stringify({ email, create_user: true }),
    });
    expect(res.ok).toBe(true);
    const [mail] = await mailsTo(email);
    // From the project's [auth.email.smtp] sender (supabase/config.toml), as hosted Auth sends with SMTP set.
    expect(mail!.from).toBe("Noosa Tri Teams <accounts@noosatriteams.com.au>");
    expect(mail!.headers.to).toBe(email);
    expect(mail!.headers["message-id"]).toMatch(/^<.+@supabase-local>$/);
  });
});
