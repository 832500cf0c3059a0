import { afterEach, describe, expect, it, vi } from "vitest";
import { clientIp, parseTrustedProxy, trustedProxy, trustedProxyWarning } from "./client-ip";

const h = (init: Record<string, string>) => new Headers(init);

afterEach(() => vi.unstubAllEnvs());

// docs/security.md#client-address: a made-up X-Forwarded-For was believed from anyone.
describe("clientIp without a trusted proxy (TRUSTED_PROXY unset, the default)", () => {
  it("believes no forwarded header: a client can write any of them", () => {
    vi.stubEnv("TRUSTED_PROXY", "");
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.7" }))).toBeNull();
    expect(clientIp(h({ "x-real-ip": "198.51.100.9" }))).toBeNull();
    expect(clientIp(h({ "x-vercel-forwarded-for": "198.51.100.9" }))).toBeNull();
    vi.stubEnv("TRUSTED_PROXY", "none");
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.7" }))).toBeNull();
  });
});

describe("clientIp on Vercel (TRUSTED_PROXY=vercel)", () => {
  const vercel = parseTrustedProxy("vercel");

  it("takes x-vercel-forwarded-for, which only Vercel's edge sets", () => {
    const headers = h({ "x-vercel-forwarded-for": "203.0.113.7", "x-forwarded-for": "192.0.2.66" });
    expect(clientIp(headers, vercel)).toBe("203.0.113.7");
    expect(clientIp(h({ "x-vercel-forwarded-for": "2001:DB8::1" }), vercel)).toBe("2001:db8::1");
  });

  it("ignores x-forwarded-for and x-real-ip, which a proxy in front of Vercel may rewrite", () => {
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.7", "x-real-ip": "203.0.113.7" }), vercel)).toBeNull();
  });

  it("is read from the environment, case-insensitively", () => {
    vi.stubEnv("TRUSTED_PROXY", " Vercel ");
    expect(clientIp(h({ "x-vercel-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
  });
});

describe("clientIp behind listed proxies (TRUSTED_PROXY=10.0.0.0/8,192.0.2.1)", () => {
  const listed = parseTrustedProxy("10.0.0.0/8, 192.0.2.1, 2001:db8:aa::/48");

  it("takes the right-most entry that is not a listed proxy, so a client's own entries are ignored", () => {
    // nginx's $proxy_add_x_forwarded_for: what the client sent, then the address nginx saw.
    for (const madeUp of ["198.51.100.1", "198.51.100.2", "1.1.1.1, 8.8.8.8"]) {
      expect(clientIp(h({ "x-forwarded-for": `${madeUp}, 203.0.113.7` }), listed)).toBe("203.0.113.7");
    }
    // Two proxies: a CDN edge at 10.1.2.3 added its peer, then the client.
    expect(clientIp(h({ "x-forwarded-for": "198.51.100.1, 203.0.113.7, 10.1.2.3" }), listed)).toBe(
      "203.0.113.7",
    );
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.7, 2001:db8:aa:1::5" }), listed)).toBe("203.0.113.7");
  });

  it("reads the environment", () => {
    vi.stubEnv("TRUSTED_PROXY", "127.0.0.1");
    expect(clientIp(h({ "x-forwarded-for": "192.0.2.66, 203.0.113.7" }))).toBe("203.0.113.7");
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(clientIp(h({ "x-forwarded-for": "::ffff:203.0.113.7" }), listed)).toBe("203.0.113.7");
    expect(clientIp(h({ "x-forwarded-for": "::ffff:10.0.0.9" }), listed)).toBe("10.0.0.9");
  });

  it("gives the left-most hop when every hop is a listed proxy", () => {
    expect(clientIp(h({ "x-forwarded-for": "10.0.0.9, 192.0.2.1" }), listed)).toBe("10.0.0.9");
  });

  it("gives null when a hop is not an address, or there is none", () => {
    for (const value of [
      "",
      "unknown",
      "999.1.1.1",
      "evil.example",
      "1.2.3",
      "<script>",
      "::ffff:evil",
      "fe80::1%eth0",
    ]) {
      expect(clientIp(h({ "x-forwarded-for": value }), listed)).toBeNull();
      expect(clientIp(h({ "x-forwarded-for": `203.0.113.7, ${value}` }), listed)).toBeNull();
    }
    expect(clientIp(h({}), listed)).toBeNull();
  });
});

describe("parseTrustedProxy", () => {
  it("refuses anything that is not none, vercel or a list of addresses and ranges", () => {
    for (const value of [
      "vercell",
      "10.0.0.0/33",
      "10.0.0.0/8/1",
      "2001:db8::/129",
      "10.0.0.0/x",
      "*",
      "10.0.0.1,",
    ]) {
      expect(() => parseTrustedProxy(value), value).toThrow(/^TRUSTED_PROXY: /);
    }
  });
});

// One address for every visitor means Auth's per-address limit is site-wide: 30 wrong passwords from anyone
// in 5 minutes refused everyone's next sign-in. Vercel says it is Vercel (VERCEL=1 in its functions).
describe("TRUSTED_PROXY unset on Vercel", () => {
  it("reads the visitor from x-vercel-forwarded-for when VERCEL=1", () => {
    vi.stubEnv("TRUSTED_PROXY", "");
    vi.stubEnv("VERCEL", "1");
    expect(trustedProxy().kind).toBe("vercel");
    expect(clientIp(h({ "x-vercel-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
  });

  it("still believes nothing off Vercel, or when set to none on purpose", () => {
    vi.stubEnv("TRUSTED_PROXY", "");
    vi.stubEnv("VERCEL", "");
    expect(clientIp(h({ "x-vercel-forwarded-for": "203.0.113.7" }))).toBeNull();
    vi.stubEnv("VERCEL", "1");
    vi.stubEnv("TRUSTED_PROXY", "none");
    expect(clientIp(h({ "x-vercel-forwarded-for": "203.0.113.7" }))).toBeNull();
  });
});

describe("trustedProxyWarning (said once at start-up)", () => {
  it("warns in production when no proxy is trusted, and says what follows", () => {
    const text = trustedProxyWarning({ NODE_ENV: "production", TRUSTED_PROXY: "" });
    expect(text).toMatch(/TRUSTED_PROXY is not set/);
    expect(text).toMatch(/lock everyone out of sign-in/);
    expect(trustedProxyWarning({ NODE_ENV: "production", TRUSTED_PROXY: "none" })).toMatch(/none/);
  });

  it("is silent on Vercel, with a proxy set, and outside production", () => {
    expect(trustedProxyWarning({ NODE_ENV: "production", VERCEL: "1" })).toBeNull();
    expect(trustedProxyWarning({ NODE_ENV: "production", TRUSTED_PROXY: "10.0.0.0/8" })).toBeNull();
    expect(trustedProxyWarning({ NODE_ENV: "development" })).toBeNull();
  });
});
