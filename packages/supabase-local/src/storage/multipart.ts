import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { failures } from "./errors.ts";

/**
 * A multipart/form-data upload (what storage-js sends for a Blob or File), read as hosted Storage reads it:
 * the fields before the file (cacheControl, metadata, contentType) and the file part's headers, then the
 * file's bytes as a stream that the caller may never consume (refused before the body). Only the first
 * file part counts (hosted: `files: 1`); what follows it is ignored.
 */
export type FormUpload = {
  fields: Record<string, string>;
  /** The file part's Content-Type (hosted: the declared type, never sniffed). */
  mimeType: string;
  body: Readable;
};

const maxPreambleBytes = 2 * 1024 * 1024;

export function boundaryOf(contentType: string): string | null {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? "").trim() : null;
}

export async function readFormUpload(req: IncomingMessage, boundary: string): Promise<FormUpload> {
  const source = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let buffer = Buffer.alloc(0);
  let ended = false;
  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const { value, done } = await source.next();
    if (done) {
      ended = true;
      return false;
    }
    buffer = Buffer.concat([buffer, value]);
    if (buffer.length > maxPreambleBytes) throw failures.tooLarge("multipart preamble");
    return true;
  };
  const find = async (needle: Buffer, from: number): Promise<number> => {
    for (;;) {
      const at = buffer.indexOf(needle, from);
      if (at >= 0) return at;
      if (!(await more())) return -1;
    }
  };

  const opening = Buffer.from(`--${boundary}\r\n`);
  const separator = Buffer.from(`\r\n--${boundary}`);
  const headerEnd = Buffer.from("\r\n\r\n");
  let at = await find(opening, 0);
  if (at < 0) throw failures.noContent();
  let partStart = at + opening.length;
  const fields: Record<string, string> = {};
  for (;;) {
    const end = await find(headerEnd, partStart);
    if (end < 0) throw failures.noContent();
    const headers = parseHeaders(buffer.subarray(partStart, end).toString("utf8"));
    const disposition = headers["content-disposition"] ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? "";
    const isFile = /\bfilename\*?=/i.test(disposition);
    const dataStart = end + headerEnd.length;
    if (isFile) {
      buffer = buffer.subarray(dataStart);
      return {
        fields,
        mimeType: headers["content-type"] ?? "application/octet-stream",
        body: Readable.from(fileBytes(buffer, source, separator)),
      };
    }
    at = await find(separator, dataStart);
    if (at < 0) throw failures.noContent();
    fields[name] = buffer.subarray(dataStart, at).toString("utf8");
    // After the separator: "\r\n" (another part) or "--" (the end: no file at all).
    while (buffer.length < at + separator.length + 2) if (!(await more())) throw failures.noContent();
    const next = buffer.subarray(at + separator.length, at + separator.length + 2).toString();
    if (next === "--") throw failures.noContent();
    partStart = at + separator.length + 2;
  }
}

/** The file's bytes up to the next boundary, holding back a tail that could be the start of one. */
async function* fileBytes(
  first: Buffer,
  source: AsyncIterator<Buffer>,
  separator: Buffer,
): AsyncGenerator<Buffer> {
  let pending = first;
  for (;;) {
    const at = pending.indexOf(separator);
    if (at >= 0) {
      if (at > 0) yield pending.subarray(0, at);
      // The rest of the form (closing boundary, ignored parts) is drained, not kept.
      for (;;) if ((await source.next()).done) return;
    }
    const keep = Math.min(pending.length, separator.length - 1);
    if (pending.length > keep) yield pending.subarray(0, pending.length - keep);
    pending = pending.subarray(pending.length - keep);
    const { value, done } = await source.next();
    if (done) throw failures.noContent(); // the form ended inside the file: a cut upload
    pending = Buffer.concat([pending, value]);
  }
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
