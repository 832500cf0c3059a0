import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { feedPath, feedTokenHash, feedUrls, newFeedToken, tokenFromFile } from "./feed-token";

describe("calendar feed tokens", () => {
  it("are 43 URL-safe characters, different every time", () => {
    const a = newFeedToken();
    const b = newFeedToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it("are stored as their hex SHA-256; anything else has no hash", () => {
    const t = newFeedToken();
    expect(feedTokenHash(t)).toBe(createHash("sha256").update(t).digest("hex"));
    expect(feedTokenHash(`${t}x`)).toBeNull();
    expect(feedTokenHash("../../etc/passwd")).toBeNull();
    expect(feedTokenHash("")).toBeNull();
  });

  it("travel in the path with .ics, as https and webcal links", () => {
    const t = newFeedToken();
    expect(tokenFromFile(`${t}.ics`)).toBe(t);
    expect(tokenFromFile(t)).toBe(t);
    expect(tokenFromFile(`${t.slice(1)}.ics`)).toBeNull();
    const { https, webcal } = feedUrls(t);
    expect(https.endsWith(feedPath(t))).toBe(true);
    expect(https).toMatch(/^https?:\/\//);
    expect(webcal).toBe(https.replace(/^https?:/, "webcal:"));
  });
});
