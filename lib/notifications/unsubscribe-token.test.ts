import { describe, expect, it } from "vitest";
import { linkKey, signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token";

const key = Buffer.from("test-key-1");
const profile = "e0000000-0000-4000-8000-000000000001";

describe("unsubscribe tokens", () => {
  it("round-trips the profile and kind", () => {
    const token = signUnsubscribeToken(profile, "message", key);
    expect(token).toMatch(/^v1\.e0000000-0000-4000-8000-000000000001\.message\.[\w-]{43}$/);
    expect(verifyUnsubscribeToken(token, key)).toEqual({ profileId: profile, kind: "message" });
  });

  it("refuses a token signed with another key, or for another kind or profile", () => {
    const token = signUnsubscribeToken(profile, "message", key);
    expect(verifyUnsubscribeToken(token, Buffer.from("other"))).toBeNull();
    const [v, p, , sig] = token.split(".");
    expect(verifyUnsubscribeToken([v, p, "join_request", sig].join("."), key)).toBeNull();
    expect(
      verifyUnsubscribeToken([v, "e0000000-0000-4000-8000-000000000002", "message", sig].join("."), key),
    ).toBeNull();
  });

  it.each([
    undefined,
    "",
    "garbage",
    "v1...",
    `v2.${profile}.message.abc`,
    `v1.${profile}.weekly_digest.abc`,
    `v1.not-a-uuid.message.abc`,
    `v1.${profile}.message.`,
    `v1.${profile}.message.abc.extra`,
    "x".repeat(500),
  ])("refuses a garbled token %#", (token) => {
    expect(verifyUnsubscribeToken(token, key)).toBeNull();
  });

  it("refuses a signature cut short or padded", () => {
    const token = signUnsubscribeToken(profile, "decision", key);
    expect(verifyUnsubscribeToken(token.slice(0, -2), key)).toBeNull();
    expect(verifyUnsubscribeToken(`${token}AA`, key)).toBeNull();
  });

  it("signs with EMAIL_LINK_SECRET, else a key derived from SUPABASE_SECRET_KEY, else refuses", () => {
    expect(linkKey({ EMAIL_LINK_SECRET: "abc", SUPABASE_SECRET_KEY: "sb" }).toString()).toBe("abc");
    const derived = linkKey({ SUPABASE_SECRET_KEY: "sb_secret_x" });
    expect(derived).toHaveLength(32);
    expect(derived.toString()).not.toContain("sb_secret_x");
    expect(() => linkKey({})).toThrow(/EMAIL_LINK_SECRET/);
  });
});
