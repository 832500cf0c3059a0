import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientIp } from "./http.ts";

const secret = "sb_secret_test_key_0123456789";
const req = (headers: Record<string, string>, remoteAddress = "::ffff:127.0.0.1") =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe("clientIp (stand-in)", () => {
  it("takes Sb-Forwarded-For only from a request with the secret key", () => {
    expect(clientIp(req({ "sb-forwarded-for": "203.0.113.7", apikey: secret }), secret)).toBe("203.0.113.7");
    expect(clientIp(req({ "sb-forwarded-for": "203.0.113.7, 10.0.0.1", apikey: secret }), secret)).toBe(
      "203.0.113.7",
    );
  });

  it("otherwise counts the socket's address, whatever the headers claim", () => {
    expect(clientIp(req({ "sb-forwarded-for": "203.0.113.7" }), secret)).toBe("127.0.0.1");
    expect(clientIp(req({ "sb-forwarded-for": "203.0.113.7", apikey: "sb_publishable_x" }), secret)).toBe(
      "127.0.0.1",
    );
    expect(clientIp(req({ "sb-forwarded-for": "203.0.113.7", apikey: `${secret}x` }), secret)).toBe(
      "127.0.0.1",
    );
    expect(clientIp(req({ "sb-forwarded-for": "not-an-ip", apikey: secret }), secret)).toBe("127.0.0.1");
    expect(clientIp(req({ "sb-forwarded-for": "203.0.113.7", apikey: "" }), "")).toBe("127.0.0.1");
    expect(clientIp(req({ "x-forwarded-for": "203.0.113.7", apikey: secret }, "192.0.2.1"), secret)).toBe(
      "192.0.2.1",
    );
  });
});
