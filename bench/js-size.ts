/**
 * JavaScript a page makes the browser download before it is interactive: the gzip sizes of the
 * `<script src>` chunks (noModule excluded) in the page's HTML, fetched over HTTP so that static,
 * revalidated and dynamic pages are measured alike.
 */
import { gzipSync } from "node:zlib";

const cache = new Map<string, number>();

export async function gzipScriptBytes(
  origin: string,
  path: string,
  headers: HeadersInit = {},
): Promise<number> {
  const response = await fetch(origin + path, { headers });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const html = await response.text();
  const sources = [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/\bnoModule\b/i.test(tag))
    .map((tag) => /\bsrc="([^"]+)"/.exec(tag)?.[1])
    .filter((src): src is string => !!src && src.startsWith("/_next/"));
  let total = 0;
  for (const src of new Set(sources)) {
    const key = origin + src;
    if (!cache.has(key)) {
      const body = Buffer.from(await (await fetch(key)).arrayBuffer());
      cache.set(key, gzipSync(body).length);
    }
    total += cache.get(key)!;
  }
  return total;
}
