import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { asService, testAsCaller, type Caller, type StorageContext, type Tx } from "./context.ts";
import { failures, StorageFailure } from "./errors.ts";
import { removeVersion, writeVersion } from "./files.ts";
import { boundaryOf, readFormUpload } from "./multipart.ts";

// Hosted's key rule (src/storage/limits.ts): S3-safe characters only.
const validKey = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
export function mustBeValidKey(key: string): void {
  if (!key || !validKey.test(key)) throw failures.invalidKey(key);
}

/** storage-js keeps empty folders with this file; hosted allows it only empty and of any type. */
const isEmptyFolder = (name: string) => name.endsWith(".emptyFolderPlaceholder");

/** The declared type against the bucket's list (`image/*` allows every image type), as hosted. */
export function validateMimeType(mimeType: string, allowed: string[]): void {
  const [type, sub] = mimeType.split(";")[0]!.trim().split("/");
  if (!type || sub === undefined) throw failures.invalidMime(mimeType);
  for (const entry of allowed) {
    const [allowedType, allowedSub] = entry.split("/");
    if (allowedType === type && (allowedSub === "*" || allowedSub === sub)) return;
  }
  throw failures.invalidMime(mimeType);
}

type Bucket = { id: string; file_size_limit: string | null; allowed_mime_types: string[] | null };

async function bucketFor(ctx: StorageContext, bucketId: string): Promise<Bucket> {
  const [bucket] = await asService(
    ctx,
    "storage.bucket.get",
    (tx) =>
      tx<
        Bucket[]
      >`select id, file_size_limit, allowed_mime_types from storage.buckets where id = ${bucketId}`,
  );
  if (!bucket) throw failures.noSuchBucket();
  return bucket;
}

type Incoming = {
  body: Readable;
  mimeType: string;
  cacheControl: string;
  userMetadata: unknown;
  declaredLength: number | undefined;
};

/**
 * What hosted reads before it checks policies (fileUploadFromRequest): for a form, the fields and the file
 * part's headers; for a raw body, only the headers. Declared type and declared length are checked here.
 */
async function incoming(
  req: IncomingMessage,
  name: string,
  bucket: Bucket,
  maxSize: number,
): Promise<Incoming> {
  const contentType = req.headers["content-type"] ?? "";
  const allowed = bucket.allowed_mime_types ?? [];
  const declared =
    req.headers["content-length"] !== undefined ? Number(req.headers["content-length"]) : undefined;
  if (contentType.toLowerCase().startsWith("multipart/form-data")) {
    const boundary = boundaryOf(contentType);
    if (!boundary) throw failures.noContent();
    const form = await readFormUpload(req, boundary);
    const mimeType = form.fields.contentType || form.mimeType;
    if (allowed.length > 0 && !isEmptyFolder(name)) validateMimeType(mimeType, allowed);
    const metadata = form.fields.metadata ?? form.fields.userMetadata;
    return {
      body: form.body,
      mimeType,
      cacheControl: form.fields.cacheControl ? `max-age=${form.fields.cacheControl}` : "no-cache",
      userMetadata: parseJson(metadata),
      // A form's length includes its boundaries: not the file's size.
      declaredLength: declared,
    };
  }
  const mimeType = contentType || "application/octet-stream";
  if (allowed.length > 0 && !isEmptyFolder(name)) validateMimeType(mimeType, allowed);
  if (declared !== undefined && Number.isFinite(declared) && declared > maxSize) throw failures.tooLarge();
  const meta = req.headers["x-metadata"];
  return {
    body: req,
    mimeType,
    cacheControl: (req.headers["cache-control"] as string | undefined) ?? "no-cache",
    userMetadata:
      typeof meta === "string" ? parseJson(Buffer.from(meta, "base64").toString("utf8")) : undefined,
    declaredLength: declared,
  };
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The row an upload writes (hosted's upsertObject): owner_id is the caller's `sub`, owner only if a uuid. */
type Row = {
  bucket: string;
  name: string;
  owner?: string;
  metadata: object;
  userMetadata: unknown;
  version: string;
};

function writeRow(tx: Tx, row: Row, upsert: boolean) {
  const uuidOwner = row.owner && /^[0-9a-f-]{36}$/i.test(row.owner) ? row.owner : null;
  const values = {
    bucket_id: row.bucket,
    name: row.name,
    owner: uuidOwner,
    owner_id: row.owner ?? null,
    metadata: row.metadata,
    user_metadata: (row.userMetadata ?? null) as object | null,
    version: row.version,
  };
  // A plain insert has no RETURNING (hosted's createObject), so it needs only INSERT policies; the upsert
  // returns the row, so it needs SELECT and UPDATE policies too, as hosted's upsertObject does.
  if (!upsert) {
    return tx<{ id: string }[]>`insert into storage.objects ${tx(values as never)}`;
  }
  return tx<{ id: string }[]>`insert into storage.objects ${tx(values as never)}
    on conflict (name, bucket_id) do update set
      metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
      owner = excluded.owner, owner_id = excluded.owner_id
    returning id`;
}

const serviceRole: Caller = { role: "service_role", claims: { role: "service_role" } };

/**
 * The write an upload will make, tried as the caller in a transaction rolled back (hosted's canUpload). A
 * name already taken, without upsert, is hosted's 409 KeyAlreadyExists.
 */
async function probe(ctx: StorageContext, caller: Caller, operation: string, row: Row, upsert: boolean) {
  try {
    await testAsCaller(ctx, caller, operation, (tx) => writeRow(tx, row, upsert));
  } catch (error) {
    if (!upsert && error instanceof StorageFailure && error.code === "ResourceAlreadyExists") {
      throw failures.keyExists();
    }
    throw error;
  }
}

export type UploadOptions = {
  bucketId: string;
  name: string;
  upsert: boolean;
  /** Whose policies decide (null: a signed upload URL, already authorised when it was made). */
  caller: Caller | null;
  owner?: string;
  operation: string;
};

/**
 * An upload in hosted's order: bucket, declared type and length, key, then the INSERT (or upsert) policies
 * as the caller in a transaction rolled back, and only then the body, streamed to disk with the size limit;
 * last, the row written by the service under a per-object lock, and the replaced version's bytes removed.
 */
export async function upload(ctx: StorageContext, req: IncomingMessage, options: UploadOptions) {
  const { bucketId, name, upsert } = options;
  const bucket = await bucketFor(ctx, bucketId);
  const bucketLimit = bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit);
  const maxSize = isEmptyFolder(name) ? 0 : Math.min(bucketLimit, ctx.globalFileSizeLimit);
  const file = await incoming(req, name, bucket, maxSize);
  mustBeValidKey(name);
  const declared = { mimetype: file.mimeType, contentLength: file.declaredLength };
  const row = {
    bucket: bucketId,
    name,
    owner: options.owner,
    metadata: declared,
    userMetadata: file.userMetadata,
    version: "1",
  };
  if (options.caller) await probe(ctx, options.caller, options.operation, row, upsert);
  // A signed upload URL was authorised when it was made; without upsert it still may not replace an object.
  else if (!upsert) await probe(ctx, serviceRole, options.operation, row, false);

  const version = randomUUID();
  const written = await writeVersion(ctx.dir, version, file.body, maxSize);
  if (written === "too-large") {
    const failure = failures.tooLarge();
    failure.closeConnection = true;
    throw failure;
  }
  const metadata = {
    eTag: `"${written.md5}"`,
    size: written.size,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: written.size,
    httpStatusCode: 200,
  };
  try {
    const { id, previous } = await asService(ctx, options.operation, async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtext(${`${bucketId}/${name}`}))`;
      const [current] = await tx<{ version: string | null }[]>`
        select version from storage.objects where bucket_id = ${bucketId} and name = ${name} for update`;
      // Hosted stores a copy of the user metadata, so an upload without any gets {} (completeUpload).
      const userMetadata =
        file.userMetadata && typeof file.userMetadata === "object" ? { ...file.userMetadata } : {};
      const [row] = await writeRow(
        tx,
        { bucket: bucketId, name, owner: options.owner, metadata, userMetadata, version },
        true,
      );
      return { id: row!.id, previous: current?.version ?? null };
    });
    removeVersion(ctx.dir, previous);
    return { id, key: `${bucketId}/${name}` };
  } catch (error) {
    removeVersion(ctx.dir, version);
    throw error;
  }
}

/** A caller's policies, checked for a signed upload URL when it is made (hosted: canUpload). */
export async function checkUploadAllowed(
  ctx: StorageContext,
  caller: Caller,
  bucketId: string,
  name: string,
  upsert: boolean,
): Promise<void> {
  await bucketFor(ctx, bucketId);
  mustBeValidKey(name);
  const row = {
    bucket: bucketId,
    name,
    owner: caller.sub,
    metadata: {},
    userMetadata: undefined,
    version: "1",
  };
  await probe(ctx, caller, "storage.object.sign_upload_url", row, upsert);
}
