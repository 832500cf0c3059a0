import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  localSwitch,
  mailsTo,
  plainClient,
  uniqueEmail,
} from "../test-support/clients.ts";

// docs/security.md#rate-limits: three reset mails to one address went out within 100 ms. Test mode starts with no
// interval (suites send many mails); this suite sets hosted Supabase's 60 s, as supabase/config.toml does.
beforeEach(() => localSwitch("config", { email_max_frequency: 60 }));
afterEach(() => localSwitch("reset"));

const tooSoon = { status: 429, code: "over_email_send_rate_limit" };

describe("e-mails per address ([auth.email] max_frequency)", () => {
  it("sends one reset mail per address per minute, however fast the requests come", async () => {
    const { email } = await createConfirmedUser();
    const client = plainClient();
    const results = await Promise.all([1, 2, 3].map(() => client.auth.resetPasswordForEmail(email)));
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    for (const { error } of results.filter((r) => r.error)) {
      expect(error).toMatchObject(tooSoon);
      expect(error!.message).toMatch(
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      );
    }
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("counts each address on its own, and magic links with resets (one recovery slot, as GoTrue)", async () => {
    const a = await createConfirmedUser();
    const b = await createConfirmedUser();
    const client = plainClient();
    expect((await client.auth.resetPasswordForEmail(a.email)).error).toBeNull();
    expect((await client.auth.resetPasswordForEmail(b.email)).error).toBeNull();
    expect((await client.auth.signInWithOtp({ email: a.email })).error).toMatchObject(tooSoon);
    expect(await mailsTo(a.email)).toHaveLength(1);
    expect(await mailsTo(b.email)).toHaveLength(1);
  });

  it("limits repeated sign-up confirmations too, and reset lifts the interval", async () => {
    const email = uniqueEmail("freq");
    const client = plainClient();
    expect((await client.auth.signUp({ email, password: "secret-pass" })).error).toBeNull();
    expect((await client.auth.resend({ type: "signup", email })).error).toMatchObject(tooSoon);
    await localSwitch("reset");
    expect((await client.auth.resend({ type: "signup", email })).error).toBeNull();
    expect(await mailsTo(email)).toHaveLength(2);
  });
});
