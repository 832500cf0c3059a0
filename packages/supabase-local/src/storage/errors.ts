import type { ServerResponse } from "node:http";

/**
 * An error as hosted Storage renders it (supabase/storage, src/internal/errors/codes.ts and
 * src/http/error-handler.ts): the body carries the meaningful status as a string (`statusCode: "404"`), a
 * machine `code` and a legacy `error`; the HTTP status itself is 400 for every client error and 500 for
 * server errors, except where hosted overrides it (a role check answers 403).
 */
export class StorageFailure extends Error {
  statusCode: string;
  code: string;
  error: string;
  httpStatus: number;
  /** Close the connection after answering: the body was not read (hosted does the same). */
  closeConnection = false;
  constructor(statusCode: number, code: string, message: string, error?: string, httpStatus?: number) {
    super(message);
    this.statusCode = String(statusCode);
    this.code = code;
    this.error = error ?? code;
    this.httpStatus = httpStatus ?? (statusCode >= 500 ? 500 : 400);
  }
}

export const failures = {
  noSuchBucket: () => new StorageFailure(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageFailure(404, "NoSuchKey", "Object not found", "not_found"),
  accessDenied: (message = "Access denied") =>
    new StorageFailure(403, "AccessDenied", message, "Unauthorized"),
  rls: () =>
    new StorageFailure(403, "AccessDenied", "new row violates row-level security policy", "Unauthorized"),
  duplicate: () =>
    new StorageFailure(409, "ResourceAlreadyExists", "The resource already exists", "Duplicate"),
  keyExists: () => new StorageFailure(409, "KeyAlreadyExists", "The resource already exists", "Duplicate"),
  bucketExists: () =>
    new StorageFailure(409, "BucketAlreadyExists", "The resource already exists", "Duplicate"),
  bucketNotEmpty: () =>
    new StorageFailure(409, "ResourceNotEmpty", "The bucket you tried to delete is not empty"),
  tooLarge: (entity = "object") =>
    new StorageFailure(
      413,
      "EntityTooLarge",
      `The ${entity} exceeded the maximum allowed size`,
      "Payload too large",
    ),
  invalidMime: (mime: string) =>
    new StorageFailure(415, "InvalidMimeType", `mime type ${mime} is not supported`, "invalid_mime_type"),
  invalidKey: (key: string) => new StorageFailure(400, "InvalidKey", `Invalid key: ${key}`),
  invalidBucketName: () =>
    new StorageFailure(400, "InvalidBucketName", "Bucket name invalid", "Invalid Input"),
  invalidRequest: (message: string) => new StorageFailure(400, "InvalidRequest", message),
  invalidJwt: (message: string) => new StorageFailure(400, "InvalidJWT", message),
  invalidSignature: (message = "Invalid signature") => new StorageFailure(400, "InvalidSignature", message),
  expiredSignature: () => new StorageFailure(400, "ExpiredToken", "The provided token has expired."),
  noContent: () => new StorageFailure(400, "InvalidRequest", "No content provided"),
  notFound: () => new StorageFailure(404, "NotFound", "Route not found", "Not Found", 404),
  internal: () => new StorageFailure(500, "InternalError", "Internal server error", "Internal"),
};

/** Postgres errors as hosted maps them (src/storage/database/errors.ts). */
export function fromPostgres(error: unknown): StorageFailure | null {
  const e = error as { code?: string; message?: string };
  switch (e?.code) {
    case "42501":
      return e.message?.includes("row-level security") ? failures.rls() : failures.accessDenied(e.message);
    case "23505":
      return failures.duplicate();
    case "23503":
      return new StorageFailure(404, "InvalidRequest", "The related resource does not exist");
    case "57014":
      return new StorageFailure(
        544,
        "DatabaseTimeout",
        "The connection to the database timed out",
        undefined,
        544,
      );
    case "22P02":
      return new StorageFailure(
        400,
        "InvalidParameter",
        e.message ?? "Invalid value format or type conversion failed",
      );
    default:
      return null;
  }
}

export function sendFailure(res: ServerResponse, failure: StorageFailure): void {
  const body = JSON.stringify({
    statusCode: failure.statusCode,
    error: failure.error,
    message: failure.message,
    code: failure.code,
  });
  const headers: Record<string, string | number> = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
  };
  if (failure.closeConnection) headers.Connection = "close";
  res.writeHead(failure.httpStatus, headers);
  res.end(body);
}
