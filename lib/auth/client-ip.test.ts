import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";

const h = (init: Record<string, string>) => new Headers(init);

describe("clientIp", () => {
  it("takes the first x-forwarded-for entry (Vercel sets exactly one)", () => {
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.7, 10.0.0.1" }))).toBe("203.0.113.7");
    expect(clientIp(h({ "x-forwarded-for": "2001:DB8::1" }))).toBe("2001:db8::1");
  });

  it("falls back to x-real-ip", () => {
    expect(clientIp(h({ "x-real-ip": "198.51.100.9" }))).toBe("198.51.100.9");
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(clientIp(h({ "x-forwarded-for": "::ffff:127.0.0.1" }))).toBe("127.0.0.1");
  });

  it("gives null for anything that is not an address", () => {
    for (const value of ["", "unknown", "999.1.1.1", "evil.example", "1.2.3", "<script>", "::ffff:evil"]) {
      expect(clientIp(h({ "x-forwarded-for": value }))).toBeNull();
    }
    expect(clientIp(h({}))).toBeNull();
  });
});
