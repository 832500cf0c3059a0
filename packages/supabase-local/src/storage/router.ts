import type { IncomingMessage, ServerResponse } from "node:http";
import { AuthError, parseJsonObject, readBody, sendJson } from "../http.ts";
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from "./buckets.ts";
import { callerOf, type StorageContext } from "./context.ts";
import { failures, sendFailure, StorageFailure } from "./errors.ts";
import * as objects from "./objects.ts";
import { signUrlToken, verifyUrlToken } from "./signing.ts";
import { checkUploadAllowed, upload } from "./upload.ts";

export const STORAGE_PREFIX = "/storage/v1";
/** Hosted's signed upload URLs last two hours (uploadSignedUrlExpirationTime). */
const signedUploadSeconds = 2 * 60 * 60;

async function json(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    return parseJsonObject(await readBody(req, 1024 * 1024));
  } catch (error) {
    if (error instanceof AuthError) {
      throw error.status === 413 ? failures.tooLarge("request") : failures.invalidRequest(error.message);
    }
    throw error;
  }
}

/** `<bucket>/<name…>` of a path tail, decoded as Fastify decodes its `*` parameter. */
function split(tail: string): { bucket: string; name: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(tail);
  } catch {
    throw failures.invalidKey(tail);
  }
  const slash = decoded.indexOf("/");
  return slash < 0
    ? { bucket: decoded, name: "" }
    : { bucket: decoded.slice(0, slash), name: decoded.slice(slash + 1) };
}

type Reply = { status: number; body: unknown } | void;

async function route(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<Reply> {
  const path = url.pathname.slice(STORAGE_PREFIX.length);
  const method = req.method ?? "GET";
  const read = method === "GET" || method === "HEAD";

  if (path === "/bucket" || path === "/bucket/") {
    if (method === "GET") return listBuckets(ctx, req, url);
    if (method === "POST") return createBucket(ctx, req, await json(req));
  }
  let m = /^\/bucket\/([^/]+)(\/empty)?$/.exec(path);
  if (m) {
    const id = decodeURIComponent(m[1]!);
    if (m[2]) return method === "POST" ? emptyBucket(ctx, req, id) : undefined;
    if (method === "GET") return getBucket(ctx, req, id);
    if (method === "PUT") return updateBucket(ctx, req, id, await json(req));
    if (method === "DELETE") return deleteBucket(ctx, req, id);
  }
  if (path.startsWith("/render/")) {
    // Image transformations (hosted: Pro plan and up, through imgproxy) are not spoken here.
    throw new StorageFailure(
      404,
      "FeatureNotEnabled",
      "Image transformations are not available on the local stand-in",
    );
  }
  if (!path.startsWith("/object/")) return;
  const rest = path.slice("/object/".length);

  if (method === "POST" && rest === "move") return objects.move(ctx, req, await json(req));
  if (method === "POST" && rest === "copy") return objects.copy(ctx, req, await json(req));
  if ((m = /^list-v2\/([^/]+)\/?$/.exec(rest)) && method === "POST") {
    return objects.listV2(ctx, req, await json(req), decodeURIComponent(m[1]!));
  }
  if ((m = /^list\/([^/]+)\/?$/.exec(rest)) && method === "POST") {
    return objects.list(ctx, req, await json(req), decodeURIComponent(m[1]!));
  }
  if ((m = /^sign\/(.+)$/.exec(rest))) {
    const { bucket, name } = split(m[1]!);
    if (method === "POST" && !name) return objects.signMany(ctx, req, await json(req), bucket);
    if (method === "POST") return objects.sign(ctx, req, await json(req), bucket, name);
    if (read) return objects.signedDownload(ctx, req, res, url, bucket, name);
    return;
  }
  if ((m = /^upload\/sign\/(.+)$/.exec(rest))) {
    const { bucket, name } = split(m[1]!);
    if (method === "POST") {
      const caller = await callerOf(ctx, req);
      const upsert = req.headers["x-upsert"] === "true";
      await checkUploadAllowed(ctx, caller, bucket, name, upsert);
      const url = `${bucket}/${name}`;
      const token = await signUrlToken(
        ctx.urlSigningKey,
        { url, scope: "upload", owner: caller.sub, upsert },
        signedUploadSeconds,
      );
      return { status: 200, body: { url: `/object/upload/sign/${url}?token=${token}`, token } };
    }
    if (method === "PUT") {
      const token = url.searchParams.get("token");
      if (!token) throw failures.invalidRequest("querystring must have required property 'token'");
      const claims = await verifyUrlToken(ctx.urlSigningKey, token, `${bucket}/${name}`, "upload");
      const done = await upload(ctx, req, {
        bucketId: bucket,
        name,
        upsert: Boolean(claims.upsert),
        caller: null,
        owner: claims.owner,
        operation: "storage.object.upload_signed",
      });
      return { status: 200, body: { Key: done.key } };
    }
    return;
  }
  if ((m = /^info\/(?:(public|authenticated)\/)?(.+)$/.exec(rest)) && read) {
    const { bucket, name } = split(m[2]!);
    return objects.info(ctx, req, bucket, name, (m[1] as "public" | "authenticated" | undefined) ?? "plain");
  }
  if ((m = /^(public|authenticated)\/(.+)$/.exec(rest)) && read) {
    const { bucket, name } = split(m[2]!);
    return objects.download(ctx, req, res, url, bucket, name, m[1] as "public" | "authenticated");
  }
  const { bucket, name } = split(rest);
  if (!name) return method === "DELETE" ? objects.removeMany(ctx, req, await json(req), bucket) : undefined;
  if (read) return objects.download(ctx, req, res, url, bucket, name, "plain");
  if (method === "DELETE") return objects.removeOne(ctx, req, bucket, name);
  if (method === "POST" || method === "PUT") {
    const caller = await callerOf(ctx, req);
    const done = await upload(ctx, req, {
      bucketId: bucket,
      name,
      // POST upserts only with x-upsert: true; PUT (update) always replaces, as hosted.
      upsert: method === "PUT" || req.headers["x-upsert"] === "true",
      caller,
      owner: caller.sub,
      operation: method === "PUT" ? "storage.object.upload_update" : "storage.object.upload",
    });
    return { status: 200, body: { Id: done.id, Key: done.key } };
  }
}

/**
 * Storage at /storage/v1 (src/storage/README in the package README): the calls storage-js makes. A request
 * whose body was not read (refused before it) is answered, then its connection is closed, as hosted does,
 * so a large refused upload is never read to its end.
 */
export async function handleStorage(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  try {
    const reply = await route(ctx, req, res, url);
    if (res.headersSent) return;
    if (!reply) throw failures.notFound();
    sendJson(res, reply.status, reply.body);
  } catch (error) {
    const failure =
      error instanceof StorageFailure
        ? error
        : (console.error("[local storage] unexpected error:", error), failures.internal());
    if (res.headersSent) return void res.destroy();
    if (!req.complete) {
      failure.closeConnection = true;
      res.once("finish", () => setTimeout(() => req.socket.destroy(), 1000).unref());
    }
    sendFailure(res, failure);
  }
}
