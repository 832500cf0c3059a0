import { describe, expect, it } from "vitest";
import { publicEnv } from "@/lib/env";
import { forwardedAuth } from "./forwarding";

describe("forwardedAuth", () => {
  it("names the visitor in Sb-Forwarded-For, on the secret key", () => {
    expect(forwardedAuth("203.0.113.7", "sb_secret_abc")).toEqual({
      key: "sb_secret_abc",
      headers: { "sb-forwarded-for": "203.0.113.7" },
    });
  });

  it("falls back to the publishable key and no header without a key or an address", () => {
    const plain = { key: publicEnv.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY, headers: {} };
    expect(forwardedAuth(null, "sb_secret_abc")).toEqual(plain);
    expect(forwardedAuth("203.0.113.7", undefined)).toEqual(plain);
    expect(forwardedAuth("203.0.113.7", "")).toEqual(plain);
  });
});
