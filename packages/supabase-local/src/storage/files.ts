import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Objects' bytes on disk, one file per stored version (hosted keeps `<bucket>/<name>/<version>` in S3). The
 * file is named by the version, a random UUID, never by the object's name, so no name reaches the file
 * system (`..` or odd characters in a key cannot escape the folder).
 */
export function versionPath(dir: string, version: string): string {
  if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`not a stored version: ${version}`);
  return path.join(dir, version.slice(0, 2), version);
}

export type Written = { size: number; md5: string };

/**
 * Streams `body` into the version's file, counting bytes: more than `limit` stops the copy and removes the
 * file (hosted: the upload is cut and refused with EntityTooLarge).
 */
export function writeVersion(
  dir: string,
  version: string,
  body: Readable,
  limit: number,
): Promise<Written | "too-large"> {
  const file = versionPath(dir, version);
  mkdirSync(path.dirname(file), { recursive: true });
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    const md5 = createHash("md5");
    let size = 0;
    let done = false;
    const fail = (outcome: "too-large" | Error) => {
      if (done) return;
      done = true;
      body.unpipe(out);
      out.destroy();
      rmSync(file, { force: true });
      if (outcome === "too-large") resolve(outcome);
      else reject(outcome);
    };
    body.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return fail("too-large");
      md5.update(chunk);
    });
    body.on("error", (e) => fail(e));
    out.on("error", (e) => fail(e));
    out.on("finish", () => {
      if (done) return;
      done = true;
      resolve({ size, md5: md5.digest("hex") });
    });
    body.pipe(out);
  });
}

export function readVersion(dir: string, version: string, range?: { start: number; end: number }): Readable {
  return createReadStream(versionPath(dir, version), range);
}

export function versionSize(dir: string, version: string): number | null {
  try {
    return statSync(versionPath(dir, version)).size;
  } catch {
    return null;
  }
}

export function removeVersion(dir: string, version: string | null | undefined): void {
  if (!version) return;
  try {
    rmSync(versionPath(dir, version), { force: true });
  } catch {
    // A version this stand-in never wrote (a row inserted by SQL): nothing on disk to remove.
  }
}
