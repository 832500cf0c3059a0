import { describe, expect, it } from "vitest";
import { durationSeconds, loadConfig, sendEmailHookConfig } from "./config.ts";
import { parseToml } from "./toml.ts";

describe("config", () => {
  it("reads Go durations as the CLI writes them", () => {
    expect(durationSeconds("60s", 1)).toBe(60);
    expect(durationSeconds("1m", 1)).toBe(60);
    expect(durationSeconds("1m30s", 1)).toBe(90);
    expect(durationSeconds("1h", 1)).toBe(3600);
    expect(durationSeconds("500ms", 1)).toBe(0.5);
    for (const bad of ["", "60", "soon", "-5s", 60]) expect(durationSeconds(bad, 7)).toBe(7);
  });

  it("uses hosted Supabase's 60 s between e-mails to one address (docs/security.md#rate-limits)", () => {
    expect(loadConfig().auth.email_max_frequency).toBe(60);
  });

  it("reads [auth.hook.send_email] with env() as the CLI does; off while its uri's variable is unset", () => {
    const secret = "v1,whsec_dGVzdA==";
    const auth = parseToml(`[hook.send_email]
enabled = true
uri = "env(HOOK_URI)"
secrets = "env(HOOK_SECRET)"`);
    expect(sendEmailHookConfig(auth, {})).toBeNull();
    expect(
      sendEmailHookConfig(auth, {
        HOOK_URI: "http://127.0.0.1:3000/api/auth/send-email",
        HOOK_SECRET: secret,
      }),
    ).toEqual({ uri: "http://127.0.0.1:3000/api/auth/send-email", secrets: [secret] });
    expect(
      sendEmailHookConfig(auth, { HOOK_URI: "https://x.au/h", HOOK_SECRET: `${secret}|${secret}` })?.secrets,
    ).toHaveLength(2);
    // Plain http only to this machine; a secret must be v1,whsec_….
    expect(() => sendEmailHookConfig(auth, { HOOK_URI: "http://x.au/h", HOOK_SECRET: secret })).toThrow(
      /https/,
    );
    expect(() => sendEmailHookConfig(auth, { HOOK_URI: "https://x.au/h", HOOK_SECRET: "" })).toThrow(
      /secrets/,
    );
    const off = parseToml(`[hook.send_email]
enabled = false
uri = "https://x.au/h"
secrets = "${secret}"`);
    expect(sendEmailHookConfig(off, {})).toBeNull();
  });

  it("the project's config.toml turns the hook on, from SEND_EMAIL_HOOK_URI and SEND_EMAIL_HOOK_SECRET", () => {
    const saved = { ...process.env };
    try {
      process.env.SEND_EMAIL_HOOK_URI = "http://127.0.0.1:3100/api/auth/send-email";
      process.env.SEND_EMAIL_HOOK_SECRET = "v1,whsec_dGVzdA==";
      expect(loadConfig().auth.send_email_hook).toEqual({
        uri: "http://127.0.0.1:3100/api/auth/send-email",
        secrets: ["v1,whsec_dGVzdA=="],
      });
      delete process.env.SEND_EMAIL_HOOK_URI;
      expect(loadConfig().auth.send_email_hook).toBeNull();
    } finally {
      process.env = saved;
    }
  });
});
