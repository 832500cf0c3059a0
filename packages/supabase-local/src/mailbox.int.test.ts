import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { stackEnv } from "./test-support/clients.ts";

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A raw request, so the test controls the Host header (fetch does not let a caller set it). */
function send(path: string, headers: Record<string, string>, method = "GET"): Promise<Answer> {
  const url = new URL(stackEnv().mailboxUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: url.port, path, method, headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const port = () => new URL(stackEnv().mailboxUrl).port;
const corsHeaders = (a: Answer) => Object.keys(a.headers).filter((h) => h.startsWith("access-control-"));

describe("local mailbox (docs/security.md#stand-in)", () => {
  it("answers its own browser on 127.0.0.1 and localhost", async () => {
    for (const host of [`127.0.0.1:${port()}`, `localhost:${port()}`]) {
      const page = await send("/mailbox", { host });
      expect(page.status).toBe(200);
      expect(page.body).toContain("Local mailbox");
      expect((await send("/mailbox/api/messages", { host })).status).toBe(200);
    }
  });

  it("refuses any other Host (DNS rebinding) and other ports", async () => {
    for (const host of [`rebind.evil.example:${port()}`, "evil.example", `127.0.0.1:1`, `localhost`]) {
      const api = await send("/mailbox/api/messages", { host });
      expect(api.status).toBe(403);
      expect(api.body).not.toContain("links");
      expect((await send("/mailbox", { host })).status).toBe(403);
      expect((await send("/mailbox/api/messages", { host }, "DELETE")).status).toBe(403);
    }
  });

  it("sends no CORS headers, for a read or a preflight from another origin", async () => {
    const host = `127.0.0.1:${port()}`;
    const origin = "http://evil.example";
    const read = await send("/mailbox/api/messages", { host, origin });
    expect(corsHeaders(read)).toEqual([]);
    const preflight = await send(
      "/mailbox/api/messages",
      { host, origin, "access-control-request-method": "DELETE" },
      "OPTIONS",
    );
    expect(preflight.status).toBe(405);
    expect(corsHeaders(preflight)).toEqual([]);
  });

  it("leaves CORS on the Auth API, which app pages call from the browser", async () => {
    const auth = await send("/auth/v1/health", {
      host: `127.0.0.1:${port()}`,
      origin: "http://127.0.0.1:3000",
    });
    expect(auth.headers["access-control-allow-origin"]).toBe("http://127.0.0.1:3000");
  });
});
