import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { asCaller, asService, callerOf, testAsCaller, type Caller, type StorageContext } from "./context.ts";
import { failures, StorageFailure } from "./errors.ts";
import { readVersion, removeVersion, versionPath, versionSize } from "./files.ts";
import { signUrlToken, verifyUrlToken } from "./signing.ts";
import { mustBeValidKey } from "./upload.ts";

type ObjectRow = {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: unknown;
  created_at: Date;
  updated_at: Date;
};

type Json = { status: number; body: unknown };

async function publicFlag(ctx: StorageContext, bucketId: string): Promise<boolean | null> {
  const [bucket] = await asService(
    ctx,
    "storage.bucket.get",
    (tx) => tx<{ public: boolean }[]>`select public from storage.buckets where id = ${bucketId}`,
  );
  return bucket ? Boolean(bucket.public) : null;
}

async function findObject(
  ctx: StorageContext,
  caller: Caller | null,
  bucketId: string,
  name: string,
  operation: string,
) {
  mustBeValidKey(name);
  const query = (tx: import("./context.ts").Tx) => tx<ObjectRow[]>`
    select id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at
    from storage.objects where bucket_id = ${bucketId} and name = ${name}`;
  const [row] = caller
    ? await asCaller(ctx, caller, operation, query)
    : await asService(ctx, operation, query);
  if (!row) throw failures.noSuchKey();
  return row;
}

/**
 * Which object a read reaches, as hosted's getObject/getObjectInfo decide. `public` routes need no token and
 * a public bucket; `authenticated` ones a valid token (the anon key counts); plain ones take either. Without
 * a token only a public bucket's objects are served; with one, a public bucket's objects are read as the
 * service and a private bucket's under the caller's SELECT policies.
 */
export type ReadRoute = "public" | "authenticated" | "plain";

async function readable(
  ctx: StorageContext,
  req: IncomingMessage,
  bucketId: string,
  name: string,
  route: ReadRoute,
  operation: string,
) {
  const caller = route === "public" ? null : await callerOf(ctx, req, route === "plain");
  const isPublic = await publicFlag(ctx, bucketId);
  if (!caller?.authenticated) {
    if (!isPublic) throw failures.noSuchBucket();
    return findObject(ctx, null, bucketId, name, operation);
  }
  if (isPublic === null) throw failures.noSuchBucket();
  return findObject(ctx, isPublic || route === "public" ? null : caller, bucketId, name, operation);
}

/** The bytes with hosted's headers (renderer.ts): type, length, ETag, Last-Modified, Cache-Control, download. */
function sendObject(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StorageContext,
  row: ObjectRow,
  url: URL,
  expires?: string,
) {
  const meta = row.metadata ?? {};
  const size = row.version ? versionSize(ctx.dir, row.version) : null;
  if (!row.version || size === null) throw failures.noSuchKey();
  const eTag = typeof meta.eTag === "string" ? meta.eTag : undefined;
  const headers: Record<string, string | number> = {
    "Accept-Ranges": "bytes",
    "Content-Type": typeof meta.mimetype === "string" ? meta.mimetype : "application/octet-stream",
    "X-Robots-Tag": "none",
    "Content-Length": size,
    "Last-Modified": new Date(String(meta.lastModified ?? row.updated_at)).toUTCString(),
  };
  if (eTag) headers.ETag = eTag;
  if (expires) headers.Expires = expires;
  else if (typeof meta.cacheControl === "string") headers["Cache-Control"] = meta.cacheControl;
  const download = url.searchParams.get("download");
  if (download !== null) {
    headers["Content-Disposition"] =
      download === ""
        ? "attachment;"
        : `attachment; filename=${encodeURIComponent(download)}; filename*=UTF-8''${encodeURIComponent(download)}`;
  }
  if (eTag && req.headers["if-none-match"] === eTag) {
    res.writeHead(304, { ETag: eTag }).end();
    return;
  }
  const rangeHeader = req.headers.range;
  const range = typeof rangeHeader === "string" ? parseRange(rangeHeader, size) : null;
  if (range) {
    headers["Content-Length"] = range.end - range.start + 1;
    headers["Content-Range"] = `bytes ${range.start}-${range.end}/${size}`;
  }
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === "HEAD") return void res.end();
  readVersion(ctx.dir, row.version, range ?? undefined).pipe(res);
}

/** One byte range (`bytes=a-b`, `a-`, `-n`), as hosted's parseRangeHeader; anything else is 416. */
export function parseRange(header: string, size: number): { start: number; end: number } {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header);
  const refused = new StorageFailure(416, "InvalidRange", "invalid range provided", "invalid_range", 416);
  if (!m || size <= 0 || (!m[1] && !m[2])) throw refused;
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw refused;
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] ? Number(m[2]) : size - 1;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start || start >= size)
    throw refused;
  return { start, end: Math.min(end, size - 1) };
}

export async function download(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucketId: string,
  name: string,
  route: ReadRoute,
) {
  const operation = route === "public" ? "storage.object.get_public" : "storage.object.get_authenticated";
  const row = await readable(ctx, req, bucketId, name, route, operation);
  sendObject(req, res, ctx, row, url);
}

export async function info(
  ctx: StorageContext,
  req: IncomingMessage,
  bucketId: string,
  name: string,
  route: ReadRoute,
): Promise<Json> {
  const row = await readable(ctx, req, bucketId, name, route, "storage.object.info_authenticated");
  const meta = row.metadata ?? {};
  return {
    status: 200,
    body: {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: row.user_metadata ?? null,
      last_modified: row.updated_at,
      created_at: row.created_at,
    },
  };
}

function expiresIn(body: Record<string, unknown>): number {
  const value = body.expiresIn;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 1) {
    throw failures.invalidRequest("body/expiresIn must be >= 1");
  }
  return Math.floor(value);
}

export async function sign(
  ctx: StorageContext,
  req: IncomingMessage,
  body: Record<string, unknown>,
  bucketId: string,
  name: string,
): Promise<Json> {
  const caller = await callerOf(ctx, req);
  const seconds = expiresIn(body);
  await findObject(ctx, caller, bucketId, name, "storage.object.sign");
  const url = `${bucketId}/${name}`;
  const token = await signUrlToken(ctx.urlSigningKey, { url, scope: "download" }, seconds);
  return { status: 200, body: { signedURL: `/object/sign/${url}?token=${token}` } };
}

export async function signMany(
  ctx: StorageContext,
  req: IncomingMessage,
  body: Record<string, unknown>,
  bucketId: string,
): Promise<Json> {
  const caller = await callerOf(ctx, req);
  const seconds = expiresIn(body);
  const paths = Array.isArray(body.paths)
    ? body.paths.filter((p): p is string => typeof p === "string")
    : null;
  if (!paths || paths.length === 0)
    throw failures.invalidRequest("body/paths must NOT have fewer than 1 items");
  const found = await asCaller(
    ctx,
    caller,
    "storage.object.sign_many",
    (tx) =>
      tx<
        { name: string }[]
      >`select name from storage.objects where bucket_id = ${bucketId} and name = any(${paths})`,
  );
  const names = new Set(found.map((r) => r.name));
  const signed = await Promise.all(
    paths.map(async (p) => {
      if (!names.has(p)) {
        return {
          error: "Either the object does not exist or you do not have access to it",
          path: p,
          signedURL: null,
        };
      }
      const url = `${bucketId}/${p}`;
      const token = await signUrlToken(ctx.urlSigningKey, { url, scope: "download" }, seconds);
      return { error: null, path: p, signedURL: `/object/sign/${url}?token=${token}` };
    }),
  );
  return { status: 200, body: signed };
}

export async function signedDownload(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucketId: string,
  name: string,
) {
  const token = url.searchParams.get("token");
  if (!token) throw failures.invalidRequest("querystring must have required property 'token'");
  const payload = await verifyUrlToken(ctx.urlSigningKey, token, `${bucketId}/${name}`, "download");
  const row = await findObject(ctx, null, bucketId, name, "storage.object.get_signed");
  sendObject(req, res, ctx, row, url, new Date(payload.exp * 1000).toUTCString());
}

/** An object row as the API shows it (path_tokens left out). */
const returned =
  "id, name, bucket_id, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at";

type DeletedRow = ObjectRow & { owner: string | null; owner_id: string | null; last_accessed_at: Date };

export async function removeMany(
  ctx: StorageContext,
  req: IncomingMessage,
  body: Record<string, unknown>,
  bucketId: string,
): Promise<Json> {
  const caller = await callerOf(ctx, req);
  const prefixes = Array.isArray(body.prefixes)
    ? body.prefixes.filter((p): p is string => typeof p === "string")
    : null;
  if (!prefixes || prefixes.length === 0)
    throw failures.invalidRequest("body/prefixes must NOT have fewer than 1 items");
  if (prefixes.length > 1000)
    throw failures.invalidRequest("Bulk object requests are limited to 1000 objects per request.");
  const deleted = await asCaller(
    ctx,
    caller,
    "storage.object.delete_many",
    (tx) =>
      tx<DeletedRow[]>`delete from storage.objects where bucket_id = ${bucketId} and name = any(${prefixes})
      returning ${tx.unsafe(returned)}`,
  );
  for (const row of deleted) removeVersion(ctx.dir, row.version);
  return { status: 200, body: deleted };
}

export async function removeOne(
  ctx: StorageContext,
  req: IncomingMessage,
  bucketId: string,
  name: string,
): Promise<Json> {
  const caller = await callerOf(ctx, req);
  await findObject(ctx, null, bucketId, name, "storage.object.delete");
  const deleted = await asCaller(
    ctx,
    caller,
    "storage.object.delete",
    (tx) =>
      tx<
        { version: string | null }[]
      >`delete from storage.objects where bucket_id = ${bucketId} and name = ${name} returning version`,
  );
  if (deleted.length === 0) throw failures.accessDenied("Access denied");
  removeVersion(ctx.dir, deleted[0]!.version);
  return { status: 200, body: { message: "Successfully deleted" } };
}

export async function list(
  ctx: StorageContext,
  req: IncomingMessage,
  body: Record<string, unknown>,
  bucketId: string,
): Promise<Json> {
  const caller = await callerOf(ctx, req);
  let prefix = typeof body.prefix === "string" ? body.prefix : "";
  if (prefix.length > 0 && !prefix.endsWith("/")) prefix = `${prefix}/`;
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
  const limit = typeof body.limit === "number" ? body.limit : 100;
  const offset = typeof body.offset === "number" ? body.offset : 0;
  const search = typeof body.search === "string" ? body.search : "";
  const rows = await asCaller(
    ctx,
    caller,
    "storage.object.list",
    (tx) =>
      tx`select * from storage.search(${prefix}, ${bucketId}, ${limit}, ${(prefix + search).split("/").length},
         ${offset}, ${search}, ${sortBy.column ?? "name"}, ${sortBy.order ?? "asc"})`,
  );
  return { status: 200, body: rows };
}

function keysOf(body: Record<string, unknown>) {
  const bucketId = typeof body.bucketId === "string" ? body.bucketId : "";
  const sourceKey = typeof body.sourceKey === "string" ? body.sourceKey : "";
  const destinationKey = typeof body.destinationKey === "string" ? body.destinationKey : "";
  const destinationBucket =
    typeof body.destinationBucket === "string" && body.destinationBucket ? body.destinationBucket : bucketId;
  if (!bucketId || !sourceKey || !destinationKey)
    throw failures.invalidRequest("body must have required properties bucketId, sourceKey, destinationKey");
  mustBeValidKey(destinationKey);
  return { bucketId, sourceKey, destinationKey, destinationBucket };
}

/** Move: the caller must see and update the source and may insert at the destination (hosted's order). */
export async function move(
  ctx: StorageContext,
  req: IncomingMessage,
  body: Record<string, unknown>,
): Promise<Json> {
  const caller = await callerOf(ctx, req);
  const { bucketId, sourceKey, destinationKey, destinationBucket } = keysOf(body);
  if ((await publicFlag(ctx, destinationBucket)) === null) throw failures.noSuchBucket();
  const source = await findObject(ctx, caller, bucketId, sourceKey, "storage.object.move");
  await testAsCaller(
    ctx,
    caller,
    "storage.object.move",
    (tx) =>
      tx`insert into storage.objects (bucket_id, name, owner_id, metadata, version)
       values (${destinationBucket}, ${destinationKey}, ${caller.sub ?? null}, ${source.metadata as never}, ${source.version})`,
  );
  const [moved] = await asCaller(
    ctx,
    caller,
    "storage.object.move",
    (tx) =>
      tx<
        { id: string; name: string }[]
      >`update storage.objects set bucket_id = ${destinationBucket}, name = ${destinationKey},
        owner_id = ${caller.sub ?? null}, owner = ${caller.sub && /^[0-9a-f-]{36}$/i.test(caller.sub) ? caller.sub : null}
      where bucket_id = ${bucketId} and name = ${sourceKey} returning id, name`,
  );
  if (!moved) throw failures.noSuchKey();
  return { status: 200, body: { message: "Successfully moved", Id: moved.id, Key: moved.name } };
}

/** Copy: the caller must see the source and may insert (or, with x-upsert, upsert) the destination. */
export async function copy(
  ctx: StorageContext,
  req: IncomingMessage,
  body: Record<string, unknown>,
): Promise<Json> {
  const caller = await callerOf(ctx, req);
  const { bucketId, sourceKey, destinationKey, destinationBucket } = keysOf(body);
  if ((await publicFlag(ctx, destinationBucket)) === null) throw failures.noSuchBucket();
  const source = await findObject(ctx, caller, bucketId, sourceKey, "storage.object.copy");
  if (!source.version) throw failures.noSuchKey();
  const upsert = req.headers["x-upsert"] === "true";
  const version = randomUUID();
  const target = versionPath(ctx.dir, version);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(versionPath(ctx.dir, source.version), target);
  const owner = caller.sub ?? null;
  const values = {
    bucket_id: destinationBucket,
    name: destinationKey,
    owner_id: owner,
    owner: owner && /^[0-9a-f-]{36}$/i.test(owner) ? owner : null,
    metadata: { ...(source.metadata ?? {}), lastModified: new Date().toISOString() },
    user_metadata: (source.user_metadata ?? null) as object | null,
    version,
  };
  try {
    const { row, previous } = await asCaller(ctx, caller, "storage.object.copy", async (tx) => {
      const [current] = await tx<{ version: string | null }[]>`
        select version from storage.objects where bucket_id = ${destinationBucket} and name = ${destinationKey}`;
      const [row] = upsert
        ? await tx<ObjectRow[]>`insert into storage.objects ${tx(values as never)}
            on conflict (name, bucket_id) do update set metadata = excluded.metadata, version = excluded.version,
              user_metadata = excluded.user_metadata, owner = excluded.owner, owner_id = excluded.owner_id
            returning ${tx.unsafe(returned)}`
        : await tx<
            ObjectRow[]
          >`insert into storage.objects ${tx(values as never)} returning ${tx.unsafe(returned)}`;
      return { row: row!, previous: current?.version ?? null };
    });
    if (previous) removeVersion(ctx.dir, previous);
    return { status: 200, body: { Id: row.id, Key: `${destinationBucket}/${destinationKey}`, ...row } };
  } catch (error) {
    removeVersion(ctx.dir, version);
    throw error;
  }
}

type Cursor = { after: string; column: string; order: string; value?: string };

/**
 * list-v2 (storage-js listV2): objects under `prefix` in name, created_at or updated_at order, with
 * `with_delimiter` folding deeper names into folders (`{key: "a", name: "a/"}`), `limit` entries a page and
 * an opaque cursor, under the caller's SELECT policies. Hosted computes it in SQL (search_v2); the
 * stand-in reads the prefix's rows and pages them here.
 */
export async function listV2(
  ctx: StorageContext,
  req: IncomingMessage,
  body: Record<string, unknown>,
  bucketId: string,
): Promise<Json> {
  const caller = await callerOf(ctx, req);
  const prefix = typeof body.prefix === "string" ? body.prefix : "";
  const limit = Math.min(typeof body.limit === "number" && body.limit > 0 ? body.limit : 1000, 1000);
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
  let cursor: Cursor | undefined;
  if (typeof body.cursor === "string" && body.cursor) {
    try {
      cursor = JSON.parse(Buffer.from(body.cursor, "base64url").toString("utf8")) as Cursor;
    } catch {
      throw failures.invalidRequest("Invalid cursor");
    }
  }
  const column = ["created_at", "updated_at"].includes(cursor?.column ?? sortBy.column ?? "")
    ? (cursor?.column ?? sortBy.column)!
    : "name";
  const desc = (cursor?.order ?? sortBy.order) === "desc";
  const direction = desc ? "desc" : "asc";
  const orderBy =
    column === "name"
      ? `name collate "C" ${direction}`
      : `${column} ${direction}, name collate "C" ${direction}`;
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await asCaller(
    ctx,
    caller,
    "storage.object.list_v2",
    (tx) =>
      tx<(ObjectRow & { last_accessed_at: Date })[]>`
      select id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at
      from storage.objects where bucket_id = ${bucketId} and name like ${pattern}
      order by ${tx.unsafe(orderBy)}`,
  );
  type Entry = { sortValue: string; name: string; body: Record<string, unknown>; folder: boolean };
  const entries: Entry[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    const slash = body.with_delimiter === true ? rest.indexOf("/") : -1;
    if (slash >= 0) {
      const key = prefix + rest.slice(0, slash);
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push({
        sortValue: key,
        name: `${key}/`,
        folder: true,
        body: { key, name: `${key}/`, id: null },
      });
      continue;
    }
    const value = column === "name" ? row.name : new Date(row[column as "created_at"]).toISOString();
    entries.push({
      sortValue: value,
      name: row.name,
      folder: false,
      body: {
        key: row.name,
        name: row.name,
        id: row.id,
        updated_at: row.updated_at,
        created_at: row.created_at,
        last_accessed_at: row.last_accessed_at,
        metadata: row.metadata,
      },
    });
  }
  const after = (e: Entry) => {
    if (!cursor) return true;
    const key = column === "name" ? [e.name] : [e.sortValue, e.name];
    const mark = column === "name" ? [cursor.after] : [cursor.value ?? "", cursor.after];
    const cmp =
      key[0]! === mark[0]! ? (key[1] ?? "").localeCompare(mark[1] ?? "") : key[0]! < mark[0]! ? -1 : 1;
    return desc ? cmp < 0 : cmp > 0;
  };
  const remaining = entries.filter(after);
  const page = remaining.slice(0, limit);
  const hasNext = remaining.length > limit;
  const last = page[page.length - 1];
  const nextCursor =
    hasNext && last
      ? Buffer.from(
          JSON.stringify({ after: last.name, column, order: desc ? "desc" : "asc", value: last.sortValue }),
        ).toString("base64url")
      : undefined;
  return {
    status: 200,
    body: {
      hasNext,
      ...(nextCursor ? { nextCursor, nextCursorKey: last!.name } : {}),
      folders: page.filter((e) => e.folder).map((e) => e.body),
      objects: page.filter((e) => !e.folder).map((e) => e.body),
    },
  };
}
