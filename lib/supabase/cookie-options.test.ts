import { describe, expect, it } from "vitest";
import { isHttps, sessionCookieOptions } from "./cookie-options";

describe("session cookie options", () => {
  it("are Secure over https and keep SameSite=Lax", () => {
    expect(sessionCookieOptions(true)).toEqual({ path: "/", sameSite: "lax", secure: true });
    expect(sessionCookieOptions(false)).toEqual({ path: "/", sameSite: "lax", secure: false });
  });

  it("read the scheme from x-forwarded-proto first, then the URL", () => {
    expect(isHttps(new Headers({ "x-forwarded-proto": "https" }))).toBe(true);
    expect(isHttps(new Headers({ "x-forwarded-proto": "https,http" }))).toBe(true);
    expect(isHttps(new Headers({ "x-forwarded-proto": "http" }), "https://x.example")).toBe(false);
    expect(isHttps(new Headers(), "https://noosatriteams.com.au/auth")).toBe(true);
    expect(isHttps(new Headers(), "http://127.0.0.1:3000/auth")).toBe(false);
    expect(isHttps(new Headers())).toBe(false);
  });
});
