import type { IncomingMessage } from "node:http";
import { asCaller, asService, callerOf, type StorageContext } from "./context.ts";
import { failures, StorageFailure } from "./errors.ts";
import { removeVersion } from "./files.ts";

type Json = { status: number; body: unknown };

// What hosted answers: the list has the bucket type, a single bucket has not (getAllBuckets, getBucket).
const columns =
  "id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at";
const listColumns = `${columns}, type`;
const validBucketName = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

/** A size as hosted parses it (limits.ts parseFileSizeToBytes): "5MB" is 5 000 000 bytes, "3B" 3. */
export function parseSize(value: string): number {
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value.trim());
  if (!m) throw failures.invalidRequest("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B");
  const n = Number(Number.parseFloat(m[1]!).toPrecision(3));
  const unit = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[m[2]!.toUpperCase() as "GB" | "MB" | "KB" | "B"];
  return n * unit;
}

function sizeLimit(ctx: StorageContext, value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const bytes = typeof value === "number" ? value : typeof value === "string" ? parseSize(value) : NaN;
  if (!Number.isFinite(bytes) || bytes < 0) throw failures.invalidRequest("body/file_size_limit is invalid");
  if (bytes > ctx.globalFileSizeLimit) throw failures.tooLarge();
  return bytes;
}

function mimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return value as null | undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw failures.invalidRequest("body/allowed_mime_types must be array");
  }
  for (const type of value as string[]) if (type.length > 1000) throw failures.invalidMime(type);
  return value as string[];
}

function mustBeValidName(name: string): void {
  if (name.trim() !== name || !name || name.length > 100 || !validBucketName.test(name)) {
    throw failures.invalidBucketName();
  }
}

export async function listBuckets(ctx: StorageContext, req: IncomingMessage, url: URL): Promise<Json> {
  const caller = await callerOf(ctx, req);
  const limit = Number(url.searchParams.get("limit") ?? "") || null;
  const offset = Number(url.searchParams.get("offset") ?? "") || 0;
  const sortColumn = ["id", "name", "created_at", "updated_at"].includes(
    url.searchParams.get("sortColumn") ?? "",
  )
    ? url.searchParams.get("sortColumn")!
    : "name";
  const order = url.searchParams.get("sortOrder") === "desc" ? "desc" : "asc";
  const search = url.searchParams.get("search") ?? "";
  const rows = await asCaller(ctx, caller, "storage.bucket.list", (tx) =>
    tx.unsafe(
      `select ${listColumns} from storage.buckets where name ilike '%' || $1 || '%' order by ${sortColumn} ${order}
       limit $2 offset $3`,
      [search, limit, offset],
    ),
  );
  return { status: 200, body: rows };
}

export async function getBucket(ctx: StorageContext, req: IncomingMessage, id: string): Promise<Json> {
  const caller = await callerOf(ctx, req);
  const [row] = await asCaller(ctx, caller, "storage.bucket.get", (tx) =>
    tx.unsafe(`select ${columns} from storage.buckets where id = $1`, [id]),
  );
  if (!row) throw failures.noSuchBucket();
  return { status: 200, body: row };
}

/** Creation runs under the caller's policies on storage.buckets: with none, only the service role may. */
export async function createBucket(
  ctx: StorageContext,
  req: IncomingMessage,
  body: Record<string, unknown>,
): Promise<Json> {
  const caller = await callerOf(ctx, req);
  const name = typeof body.name === "string" ? body.name : "";
  if (!name) throw failures.invalidRequest("body must have required property 'name'");
  mustBeValidName(name);
  const id = typeof body.id === "string" && body.id ? body.id : name;
  mustBeValidName(id);
  const values = {
    id,
    name,
    owner: caller.sub && /^[0-9a-f-]{36}$/i.test(caller.sub) ? caller.sub : null,
    owner_id: caller.sub ?? null,
    public: body.public === true,
    file_size_limit: sizeLimit(ctx, body.file_size_limit) ?? null,
    allowed_mime_types: mimeTypes(body.allowed_mime_types) ?? null,
  };
  try {
    await asCaller(
      ctx,
      caller,
      "storage.bucket.create",
      (tx) => tx`insert into storage.buckets ${tx(values as never)} returning id`,
    );
  } catch (error) {
    if (error instanceof StorageFailure && error.code === "ResourceAlreadyExists")
      throw failures.bucketExists();
    throw error;
  }
  return { status: 200, body: { name: id } };
}

export async function updateBucket(
  ctx: StorageContext,
  req: IncomingMessage,
  id: string,
  body: Record<string, unknown>,
): Promise<Json> {
  const caller = await callerOf(ctx, req);
  mustBeValidName(id);
  const changes: Record<string, unknown> = {};
  if (typeof body.public === "boolean") changes.public = body.public;
  const limit = sizeLimit(ctx, body.file_size_limit);
  if (limit !== undefined) changes.file_size_limit = limit;
  const types = mimeTypes(body.allowed_mime_types);
  if (types !== undefined) changes.allowed_mime_types = types;
  if (Object.keys(changes).length === 0) throw failures.noContent();
  const updated = await asCaller(
    ctx,
    caller,
    "storage.bucket.update",
    (tx) =>
      tx`update storage.buckets set ${tx(changes as never)}, updated_at = now() where id = ${id} returning id`,
  );
  if (updated.length === 0) throw failures.noSuchBucket();
  return { status: 200, body: { message: "Successfully updated" } };
}

export async function deleteBucket(ctx: StorageContext, req: IncomingMessage, id: string): Promise<Json> {
  const caller = await callerOf(ctx, req);
  const [exists] = await asService(
    ctx,
    "storage.bucket.delete",
    (tx) =>
      tx`select (select count(*) from storage.objects where bucket_id = ${id})::int as objects
       from storage.buckets where id = ${id}`,
  );
  if (!exists) throw failures.noSuchBucket();
  if ((exists as { objects: number }).objects > 0) throw failures.bucketNotEmpty();
  const deleted = await asCaller(
    ctx,
    caller,
    "storage.bucket.delete",
    (tx) => tx`delete from storage.buckets where id = ${id} returning id`,
  );
  if (deleted.length === 0) throw failures.noSuchBucket();
  return { status: 200, body: { message: "Successfully deleted" } };
}

/** Empty: hosted queues it; here every object the caller may delete goes at once. */
export async function emptyBucket(ctx: StorageContext, req: IncomingMessage, id: string): Promise<Json> {
  const caller = await callerOf(ctx, req);
  if (caller.role !== "service_role")
    throw new StorageFailure(403, "AccessDenied", "Access denied: Invalid role", "Unauthorized", 403);
  const [bucket] = await asCaller(
    ctx,
    caller,
    "storage.bucket.empty",
    (tx) => tx`select id from storage.buckets where id = ${id}`,
  );
  if (!bucket) throw failures.noSuchBucket();
  const deleted = await asCaller(
    ctx,
    caller,
    "storage.bucket.empty",
    (tx) =>
      tx<{ version: string | null }[]>`delete from storage.objects where bucket_id = ${id} returning version`,
  );
  for (const row of deleted) removeVersion(ctx.dir, row.version);
  // Hosted queues the deletion and says so; here it is already done.
  return {
    status: 200,
    body: { message: "Empty bucket has been queued. Completion may take up to an hour." },
  };
}

export type ConfigBucket = {
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
};

/**
 * `[storage.buckets.<name>]` of config.toml, applied as the Supabase CLI does at start (UpsertBuckets): a
 * missing bucket is created with id = name, an existing one gets public, file_size_limit and
 * allowed_mime_types from the file. (A migration's `insert into storage.buckets` is the other way, as on
 * hosted.) `objects_path` uploads are not done.
 */
export async function applyConfigBuckets(
  ctx: StorageContext,
  buckets: Record<string, ConfigBucket>,
): Promise<void> {
  for (const [name, bucket] of Object.entries(buckets)) {
    mustBeValidName(name);
    await asService(
      ctx,
      "storage.bucket.create",
      (tx) => tx`
      insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
      values (${name}, ${name}, ${bucket.public}, ${bucket.file_size_limit}, ${bucket.allowed_mime_types})
      on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
        allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
    );
  }
}
