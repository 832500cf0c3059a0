import RenderResult from "next/dist/server/render-result.js";
import { sendRenderResult } from "next/dist/server/send-payload.js";
import { describe, expect, it } from "vitest";

// patches/next+16.4.5.patch: a prerendered page's HTML, one string sent on every request, is encoded to
// UTF-8 once rather than for each response (its "—" makes it a two-byte string, slow to encode).
type Sent = { body: unknown; headers: Record<string, unknown>; status: number };

async function send(result: RenderResult, method = "GET", ifNoneMatch?: string): Promise<Sent> {
  const sent: Sent = { body: undefined, headers: {}, status: 200 };
  const res = {
    finished: false,
    headersSent: false,
    set statusCode(code: number) {
      sent.status = code;
    },
    getHeader: (name: string) => sent.headers[name.toLowerCase()],
    setHeader: (name: string, value: unknown) => {
      sent.headers[name.toLowerCase()] = value;
    },
    end: (body: unknown) => {
      sent.body = body;
    },
  };
  const req = { method, headers: ifNoneMatch ? { "if-none-match": ifNoneMatch } : {} };
  await sendRenderResult({ req, res, result, generateEtags: true, poweredByHeader: false } as never);
  return sent;
}

const page = `<!DOCTYPE html><h1>Find your Noosa triathlon team — even at short notice</h1>${"<p>Noosa</p>".repeat(6000)}`;

describe("sendRenderResult (patched)", () => {
  it("sends a long page as its UTF-8 bytes, encoded once for every response", async () => {
    const result = RenderResult.fromStatic(page, "text/html; charset=utf-8");
    const first = await send(result);
    const second = await send(result);
    expect(Buffer.isBuffer(first.body)).toBe(true);
    expect((first.body as Buffer).toString("utf8")).toBe(page);
    expect(first.headers["content-length"]).toBe(Buffer.byteLength(page));
    expect(second.body).toBe(first.body);
  });

  it("keeps the ETag, its 304 and HEAD as they were", async () => {
    const result = RenderResult.fromStatic(page, "text/html; charset=utf-8");
    const { headers } = await send(result);
    expect(headers.etag).toMatch(/^"[0-9a-z]+"$/);
    const again = await send(result, "GET", headers.etag as string);
    expect(again.status).toBe(304);
    const head = await send(result, "HEAD");
    expect(head.body).toBeNull();
    expect(head.headers["content-length"]).toBe(Buffer.byteLength(page));
  });

  it("sends a short or empty payload whole", async () => {
    const short = await send(RenderResult.fromStatic("Noosa — ok", "text/plain"));
    expect(Buffer.from(short.body as Buffer).toString("utf8")).toBe("Noosa — ok");
    expect(short.headers["content-length"]).toBe(Buffer.byteLength("Noosa — ok"));
    const empty = await send(RenderResult.fromStatic("", "text/plain"));
    expect(Buffer.from(empty.body as Buffer).toString("utf8")).toBe("");
  });
});
