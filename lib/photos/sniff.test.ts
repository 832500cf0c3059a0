import { describe, expect, it } from "vitest";
import { sniffImage } from "./sniff";

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffImage", () => {
  it("reads JPEG, PNG and WebP by their magic numbers", () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe("jpeg");
    expect(sniffImage(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffImage(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("webp");
  });

  it("names HEIC and HEIF, whatever the file was called", () => {
    expect(sniffImage(bytes([0, 0, 0, 0x18], "ftypheic"))).toBe("heic");
    expect(sniffImage(bytes([0, 0, 0, 0x18], "ftypmif1"))).toBe("heic");
  });

  it("knows nothing else: text, a GIF, an MP4 and too few bytes", () => {
    expect(sniffImage(bytes("<svg xmlns="))).toBe("unknown");
    expect(sniffImage(bytes("GIF89a"))).toBe("unknown");
    expect(sniffImage(bytes([0, 0, 0, 0x18], "ftypisom"))).toBe("unknown");
    expect(sniffImage(bytes([0xff, 0xd8]))).toBe("unknown");
  });
});
