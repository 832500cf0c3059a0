import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowedPictureOrigins,
  fetchProviderPicture,
  largerGooglePicture,
  providerPictureOf,
} from "./provider-picture";

// Two local servers: the provider's picture origin (allowed) and another (never allowed).
let provider: Server;
let other: Server;
let providerOrigin = "";
let otherOrigin = "";
const hits: string[] = [];
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  provider = createServer((req, res) => {
    hits.push(`provider ${req.url}`);
    if (req.url === "/pic.png") return void res.writeHead(200, { "content-type": "image/png" }).end(png);
    if (req.url === "/hop") return void res.writeHead(302, { location: "/pic.png" }).end();
    if (req.url === "/away") return void res.writeHead(302, { location: `${otherOrigin}/pic.png` }).end();
    if (req.url === "/big") return void res.writeHead(200).end(Buffer.alloc(2048));
    if (req.url === "/big-chunked") {
      res.writeHead(200, { "transfer-encoding": "chunked" });
      res.write(Buffer.alloc(1024));
      res.end(Buffer.alloc(1024));
      return;
    }
    if (req.url === "/slow") return void setTimeout(() => res.writeHead(200).end(png), 2000);
    res.writeHead(404).end();
  });
  other = createServer((req, res) => {
    hits.push(`other ${req.url}`);
    res.writeHead(200).end(png);
  });
  providerOrigin = await listen(provider);
  otherOrigin = await listen(other);
});

afterAll(async () => {
  provider.closeAllConnections();
  other.closeAllConnections();
  await Promise.all([provider, other].map((s) => new Promise((r) => s.close(r))));
});

const options = () => ({ origins: [providerOrigin], maxBytes: 1500, timeoutMs: 500 });

describe("fetchProviderPicture", () => {
  it("fetches a picture from an allowed origin, following a redirect within it", async () => {
    const direct = await fetchProviderPicture(`${providerOrigin}/pic.png`, options());
    expect(direct).toEqual({ ok: true, bytes: new Uint8Array(png) });
    expect(await fetchProviderPicture(`${providerOrigin}/hop`, options())).toEqual(direct);
  });

  it("never asks a host outside the list, directly or through a redirect", async () => {
    hits.length = 0;
    expect(await fetchProviderPicture(`${otherOrigin}/pic.png`, options())).toEqual({ ok: false, reason: "host" });
    expect(await fetchProviderPicture(`${providerOrigin}/away`, options())).toEqual({
      ok: false,
      reason: "redirect",
    });
    expect(await fetchProviderPicture("file:///etc/passwd", options())).toEqual({ ok: false, reason: "host" });
    expect(hits).toEqual(["provider /away"]);
  });

  it("refuses a body over the cap, declared or streamed, and an error status", async () => {
    expect(await fetchProviderPicture(`${providerOrigin}/big`, options())).toEqual({ ok: false, reason: "tooLarge" });
    expect(await fetchProviderPicture(`${providerOrigin}/big-chunked`, options())).toEqual({
      ok: false,
      reason: "tooLarge",
    });
    expect(await fetchProviderPicture(`${providerOrigin}/missing`, options())).toEqual({ ok: false, reason: "status" });
  });

  it("gives up at the time limit", async () => {
    expect(await fetchProviderPicture(`${providerOrigin}/slow`, options())).toEqual({ ok: false, reason: "timeout" });
  });
});

describe("where the picture comes from", () => {
  it("takes a Google identity's picture, at the large size; Apple and unknown providers give none", () => {
    expect(
      providerPictureOf([
        { provider: "apple", identity_data: { picture: "https://example.com/a.png" } },
        { provider: "google", identity_data: { picture: "https://lh3.googleusercontent.com/a/xyz=s96-c" } },
      ]),
    ).toEqual({ provider: "google", label: "Google", url: "https://lh3.googleusercontent.com/a/xyz=s512-c" });
    expect(providerPictureOf([{ provider: "google", identity_data: { avatar_url: "http://x/y.png" } }])?.url).toBe(
      "http://x/y.png",
    );
    expect(providerPictureOf([{ provider: "apple", identity_data: { email: "a@b.c" } }])).toBeNull();
    expect(providerPictureOf([{ provider: "email", identity_data: { picture: "http://x/y.png" } }])).toBeNull();
    expect(providerPictureOf(undefined)).toBeNull();
    expect(largerGooglePicture("https://example.com/a=s96-c")).toBe("https://example.com/a=s96-c");
  });

  it("allows the stand-in's origins outside production only", () => {
    const local = { LOCAL_PROVIDER_PICTURE_ORIGINS: "http://127.0.0.1:4000" };
    expect(allowedPictureOrigins("google", local)).toContain("http://127.0.0.1:4000");
    expect(allowedPictureOrigins("google", { ...local, VERCEL_ENV: "production" })).not.toContain(
      "http://127.0.0.1:4000",
    );
    expect(allowedPictureOrigins("google", {})).toContain("https://lh3.googleusercontent.com");
  });
});
