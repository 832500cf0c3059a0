import { Readable } from "node:stream";
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { sizeInBytes, storageConfig } from "../config.ts";
import { parseToml } from "../toml.ts";
import { parseSize } from "./buckets.ts";
import { StorageFailure } from "./errors.ts";
import { boundaryOf, readFormUpload } from "./multipart.ts";
import { parseRange } from "./objects.ts";
import { validateMimeType } from "./upload.ts";

describe("config.toml [storage]", () => {
  it("reads the CLI's binary sizes and the buckets to create", () => {
    const config = storageConfig(
      parseToml(`[storage]
enabled = true
file_size_limit = "50MiB"

[storage.buckets.avatars]
public = true
file_size_limit = "5MB"
allowed_mime_types = ["image/png", "image/webp"]

[storage.buckets.private]
`),
    );
    expect(config).toEqual({
      enabled: true,
      file_size_limit: 52_428_800,
      buckets: {
        avatars: {
          public: true,
          file_size_limit: 5_242_880,
          allowed_mime_types: ["image/png", "image/webp"],
        },
        private: { public: false, file_size_limit: null, allowed_mime_types: null },
      },
    });
    expect(storageConfig({}).enabled).toBe(true);
  });

  it("refuses a size it cannot read, naming the setting", () => {
    expect(sizeInBytes("12", 0, "x")).toBe(12);
    expect(sizeInBytes("1.5KiB", 0, "x")).toBe(1536);
    expect(() => sizeInBytes("lots", 0, "[storage] file_size_limit")).toThrow(/\[storage\] file_size_limit/);
  });
});

describe("hosted's request rules", () => {
  it("bucket sizes are decimal, as hosted parses them", () => {
    expect(parseSize("5MB")).toBe(5_000_000);
    expect(parseSize("30KB")).toBe(30_000);
    expect(parseSize("3B")).toBe(3);
    expect(() => parseSize("5 MiB")).toThrow(StorageFailure);
  });

  it("a Range is one byte range, clamped to the object, else 416", () => {
    expect(parseRange("bytes=0-9", 20)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=15-", 20)).toEqual({ start: 15, end: 19 });
    expect(parseRange("bytes=-5", 20)).toEqual({ start: 15, end: 19 });
    expect(parseRange("bytes=10-99", 20)).toEqual({ start: 10, end: 19 });
    for (const bad of ["bytes=20-", "bytes=5-2", "bytes=-", "bytes=0-1,3-4", "items=0-1"]) {
      expect(() => parseRange(bad, 20), bad).toThrow(expect.objectContaining({ statusCode: "416" }));
    }
  });

  it("allowed_mime_types takes exact types and type/*", () => {
    expect(() => validateMimeType("image/png", ["image/*"])).not.toThrow();
    expect(() => validateMimeType("image/png; charset=x", ["image/png"])).not.toThrow();
    expect(() => validateMimeType("text/plain", ["image/*"])).toThrow(
      /mime type text\/plain is not supported/,
    );
    expect(() => validateMimeType("png", ["image/png"])).toThrow(StorageFailure);
  });
});

/** A request body arriving in exactly these chunks (a buffered stream would join them). */
function formRequest(chunks: Buffer[]): IncomingMessage {
  return Readable.from(chunks) as unknown as IncomingMessage;
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

describe("multipart uploads", () => {
  const boundary = "----storage-js-boundary";
  const file = Buffer.concat([
    Buffer.from("\r\n--"),
    Buffer.alloc(300, 9),
    Buffer.from(`\r\n-- almost ${boundary}`),
  ]);
  const form = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: image/webp\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  it("finds the boundary in the header", () => {
    expect(boundaryOf(`multipart/form-data; boundary=${boundary}`)).toBe(boundary);
    expect(boundaryOf(`multipart/form-data; boundary="${boundary}"`)).toBe(boundary);
  });

  it("gives the fields, the file's type and exactly its bytes, however the body is cut", async () => {
    for (const size of [1, 7, 64, 333, form.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < form.length; i += size) chunks.push(form.subarray(i, i + size));
      const upload = await readFormUpload(formRequest(chunks), boundary);
      expect(upload.fields).toEqual({ cacheControl: "3600" });
      expect(upload.mimeType).toBe("image/webp");
      expect((await collect(upload.body)).equals(file), `chunks of ${size}`).toBe(true);
    }
  });

  it("a form without a file is 'No content provided'", async () => {
    const empty = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--${boundary}--\r\n`,
    );
    await expect(readFormUpload(formRequest([empty]), boundary)).rejects.toThrow("No content provided");
  });
});
