import { parse as legacyParse } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPushEndpoint } from "./push-endpoint";

// What the app accepts as a push endpoint must be read the same way by whatever opens the connection.
// web-push reads an endpoint with Node's legacy url.parse (its sendNotification and the VAPID audience),
// the app with WHATWG URL; where the two disagree ("https://127.0.0.1%2efcm.googleapis.com/x": a
// subdomain of fcm.googleapis.com to one, 127.0.0.1 to the other) the check and the connection differ.

const services = ["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"];
const isServiceHost = (host: string) => services.some((h) => host === h || host.endsWith(`.${h}`));
const noExtras = {};

describe("isPushEndpoint", () => {
  it("takes the browsers' push services' endpoints as browsers give them", () => {
    for (const ok of [
      "https://fcm.googleapis.com/fcm/send/dXy1-Ab_c:APA91bHq-9Zx_y",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-_x",
      "https://web.push.apple.com/QGxN-1_a",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD%2bx%3d%3d",
    ]) {
      expect(isPushEndpoint(ok, noExtras), ok).toBe(true);
    }
  });

  it.each([
    // The probe's finding and its relatives: percent-encoded and other non-canonical hosts.
    "https://127.0.0.1%2efcm.googleapis.com/x",
    "https://127.0.0.1%2Efcm.googleapis.com/x",
    "https://localhost%2efcm.googleapis.com/x",
    "https://169.254.169.254%2e.fcm.googleapis.com/x",
    "https://%31%32%37.0.0.1.fcm.googleapis.com/x",
    "https://127.0.0.1%00.fcm.googleapis.com/x",
    "https://127.0.0.1\u3002fcm.googleapis.com/x",
    "https://127.0.0.1\uff0efcm.googleapis.com/x",
    "https://FCM.googleapis.com/x",
    "https://fcm.googleapis.com:443/x",
    "https://fcm.googleapis.com./x",
    "https://fcm.googleapis.com\\@127.0.0.1/x",
    "https://fcm.googleapis.com%2f@127.0.0.1/x",
    "https://fcm.googleapis.com#@127.0.0.1/x",
    "https://127.0.0.1#.fcm.googleapis.com/x",
    "https://127.0.0.1?.fcm.googleapis.com/x",
    "https://127.0.0.1\\.fcm.googleapis.com/x",
    "https:\\\\fcm.googleapis.com/x",
    "https:/fcm.googleapis.com/x",
    "HTTPS://fcm.googleapis.com/x",
    " https://fcm.googleapis.com/x",
    "https://fcm.googleapis.com/x\n",
    "https://fc\tm.googleapis.com/x",
    "https://fcm.googleapis.com/a/../x",
    "https://fcm.googleapis.com/x#frag",
    "https://user@fcm.googleapis.com/x",
    "https://user:pw@fcm.googleapis.com/x",
    "https://[::1]/x",
    "https://2130706433/x",
    "https://0x7f.1/x",
    "https://127.1/x",
    "https://fcm.googleapis.com:8443/x",
    "http://fcm.googleapis.com/x",
    "https://evilfcm.googleapis.com.example/x",
    "https://fcm.googleapis.com.evil.example/x",
    "https://1.2.3.4/x",
    "javascript:alert(1)",
    "not a url",
  ])("refuses %j", (endpoint) => {
    expect(isPushEndpoint(endpoint, noExtras)).toBe(false);
  });

  it("whatever it accepts, the sender's parser (url.parse) reads the same host, port and path", () => {
    const piece = fc.constantFrom(
      "127.0.0.1",
      "localhost",
      "169.254.169.254",
      "[::1]",
      "2130706433",
      "0x7f",
      "evil",
      "fcm.googleapis.com",
      "push.apple.com",
      ".",
      "-",
      "%2e",
      "%2E",
      "%2f",
      "%40",
      "%00",
      "%",
      "@",
      "\\",
      "#",
      "?",
      "/",
      ":",
      ":443",
      ":8443",
      " ",
      "\t",
      "\n",
      "\u3002",
      "\uff0e",
      "\u0130",
      "xn--",
      "A",
    );
    const endpoint = fc
      .tuple(
        fc.constantFrom("https://", "HTTPS://", "https:/", "https:\\\\", "https:///", "http://"),
        fc.array(piece, { maxLength: 6 }),
        fc.constantFrom("", ".fcm.googleapis.com", "fcm.googleapis.com", ".web.push.apple.com"),
        fc.constantFrom("", "/", "/x", "/fcm/send/a:b", "?token=a%2b", "#f", "\\x", "/%2e%2e/x"),
      )
      .map(([scheme, pieces, suffix, path]) => `${scheme}${pieces.join("")}${suffix}${path}`);
    fc.assert(
      fc.property(endpoint, (value) => {
        if (!isPushEndpoint(value, noExtras)) return true;
        const sender = legacyParse(value);
        const app = new URL(value);
        return (
          sender.protocol === "https:" &&
          sender.auth === null &&
          isServiceHost(sender.hostname ?? "") &&
          sender.hostname === app.hostname &&
          (sender.port ?? "") === app.port &&
          sender.host === app.host &&
          sender.path === `${app.pathname}${app.search}`
        );
      }),
      { numRuns: 20_000, examples: [["https://127.0.0.1%2efcm.googleapis.com/x"]] },
    );
  });

  it("takes origins named in PUSH_ENDPOINT_ORIGINS, canonical hosts only", () => {
    const extras = { PUSH_ENDPOINT_ORIGINS: "https://push.example.org, https://push.example.net:8443/" };
    expect(isPushEndpoint("https://push.example.org/s/1", extras)).toBe(true);
    expect(isPushEndpoint("https://push.example.net:8443/s/1", extras)).toBe(true);
    expect(isPushEndpoint("https://push.example.net/s/1", extras)).toBe(false);
    expect(isPushEndpoint("https://push.example.org%2e/s/1", extras)).toBe(false);
    expect(isPushEndpoint("https://push.example.org/s/1", noExtras)).toBe(false);
  });

  it("a loopback origin only for the test suites against the local stand-in, never a hosted project", () => {
    const origin = "https://127.0.0.1:4000";
    const local = { PUSH_ENDPOINT_ORIGINS: origin, NEXT_PUBLIC_SUPABASE_URL: "http://127.0.0.1:54321" };
    expect(isPushEndpoint(`${origin}/push/1`, local)).toBe(true);
    expect(isPushEndpoint("https://127.0.0.1:4001/push/1", local)).toBe(false);
    const hosted = { PUSH_ENDPOINT_ORIGINS: origin, NEXT_PUBLIC_SUPABASE_URL: "https://abc.supabase.co" };
    expect(isPushEndpoint(`${origin}/push/1`, hosted)).toBe(false);
    // Private space that is not loopback is never an allowance, even locally.
    for (const other of ["https://10.0.0.5:4000", "https://169.254.169.254", "https://192.168.1.2:4000"]) {
      const env = { PUSH_ENDPOINT_ORIGINS: other, NEXT_PUBLIC_SUPABASE_URL: "http://127.0.0.1:54321" };
      expect(isPushEndpoint(`${other}/push/1`, env), other).toBe(false);
    }
  });
});
