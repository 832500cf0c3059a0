import { describe, expect, it } from "vitest";
import { authRedirectOrigin, confirmUrl } from "./redirect-origin.ts";

const site = "https://noosatriteams.com.au";

describe("authRedirectOrigin", () => {
  it("uses the request origin on loopback hosts, with the port", () => {
    expect(authRedirectOrigin(new Headers({ host: "127.0.0.1:3601" }), site)).toBe("http://127.0.0.1:3601");
    expect(authRedirectOrigin(new Headers({ host: "localhost:3000" }), site)).toBe("http://localhost:3000");
  });

  it("uses the configured site for any other host, so a forged Host cannot redirect e-mail links", () => {
    expect(authRedirectOrigin(new Headers({ host: "evil.example" }), site)).toBe(site);
    expect(authRedirectOrigin(new Headers({ host: "localhost.evil.example" }), site)).toBe(site);
    expect(authRedirectOrigin(new Headers({ host: "127.0.0.1@evil.example" }), site)).toBe(site);
    expect(
      authRedirectOrigin(new Headers({ "x-forwarded-host": "evil.example", host: "localhost:3000" }), site),
    ).toBe(site);
  });

  it("falls back to the site without a Host header", () => {
    expect(authRedirectOrigin(new Headers(), `${site}/`)).toBe(site);
  });
});

describe("confirmUrl", () => {
  it("encodes next", () => {
    expect(confirmUrl("http://127.0.0.1:3601", "/teams?x=1")).toBe(
      "http://127.0.0.1:3601/auth/confirm?next=%2Fteams%3Fx%3D1",
    );
  });
});
