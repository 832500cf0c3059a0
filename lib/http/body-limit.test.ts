import { describe, expect, it } from "vitest";
import { photoTexts } from "@/lib/photos/texts";
import { bodyTooLarge, photoRequestLimit, photoUploadPath, requestBodyLimit } from "./body-limit";

const url = "http://localhost/auth";
/** A body sent in chunks, with no Content-Length (as `transfer-encoding: chunked`). */
function chunked(size: number, method = "POST") {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(64 * 1024, size - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n));
    },
  });
  return new Request(url, { method, body, duplex: "half" } as RequestInit);
}

describe("bodyTooLarge", () => {
  it("answers 413 with a plain-text message past the limit, by Content-Length", async () => {
    const request = new Request(url, {
      method: "POST",
      headers: { "content-length": String(requestBodyLimit + 1) },
    });
    const response = await bodyTooLarge(request);
    expect(response?.status).toBe(413);
    expect(response?.headers.get("content-type")).toBe("text/plain");
    expect(await response?.text()).toMatch(
      /^Request too large: this site accepts at most 1 MB in one request\./,
    );
  });

  it("counts a chunked body, one byte past the limit is too much", async () => {
    expect((await bodyTooLarge(chunked(requestBodyLimit + 1)))?.status).toBe(413);
    expect(await bodyTooLarge(chunked(requestBodyLimit))).toBeNull();
  });

  it("lets through bodies within the limit and requests without one", async () => {
    expect(await bodyTooLarge(new Request(url, { method: "POST", body: "x".repeat(1000) }))).toBeNull();
    expect(await bodyTooLarge(new Request(url))).toBeNull();
    expect(
      await bodyTooLarge(new Request(url, { headers: { "content-length": String(requestBodyLimit * 5) } })),
    ).toBeNull();
  });

  it("lets a profile photo through up to its own limit, and says the photo's limit past it", async () => {
    const photoUrl = `http://localhost${photoUploadPath}`;
    const sized = (size: number, at = photoUrl) =>
      new Request(at, { method: "POST", headers: { "content-length": String(size) } });
    expect(await bodyTooLarge(sized(requestBodyLimit * 5))).toBeNull();
    expect((await bodyTooLarge(sized(requestBodyLimit * 5, url)))?.status).toBe(413);
    const response = await bodyTooLarge(sized(photoRequestLimit + 1));
    expect(response?.status).toBe(413);
    expect(await response?.text()).toBe(photoTexts.tooLarge);
  });
});
