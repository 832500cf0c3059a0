import { randomUUID } from "node:crypto";
import { request } from "node:http";
import type { SupabaseClient } from "@supabase/supabase-js";
import postgres from "postgres";
import { adminClient, createConfirmedUser, plainClient, stackEnv } from "../test-support/clients.ts";

/** Helpers of the Storage integration tests (run inside `supabase-local --test`). */

export const asPostgres = () => postgres(process.env.LOCAL_DB_POSTGRES_URL!, { max: 1, onnotice: () => {} });

export function bucketName(tag: string): string {
  return `${tag}-${randomUUID().slice(0, 8)}`;
}

/** A confirmed user signed in on a supabase-js client of its own. */
export async function userClient(): Promise<{ client: SupabaseClient; id: string }> {
  const user = await createConfirmedUser();
  const client = plainClient();
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw error;
  return { client, id: user.id };
}

export async function serviceBucket(
  name: string,
  options: { public?: boolean; fileSizeLimit?: number | string; allowedMimeTypes?: string[] } = {},
): Promise<void> {
  const { error } = await adminClient().storage.createBucket(name, { public: false, ...options });
  if (error) throw error;
}

export type RawReply = { status: number; body: string; sentBytes: number };

/**
 * A raw upload that declares `declared` bytes but sends only `send` of them, then waits for an answer:
 * a reply proves the stand-in decided without reading the body to its end.
 */
export function partialUpload(
  path: string,
  headers: Record<string, string>,
  declared: number,
  send: number,
): Promise<RawReply> {
  const { url } = stackEnv();
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    const req = request(
      `${url}/storage/v1${path}`,
      { method: "POST", headers: { ...headers, "Content-Length": String(declared) } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sentBytes }));
        res.on("error", reject);
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The stand-in closes the connection after answering; a late write may see it closed.
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    const chunk = Buffer.alloc(Math.min(send, 64 * 1024), 7);
    while (sentBytes < send) {
      req.write(chunk);
      sentBytes += chunk.length;
    }
    // Never end: the rest of the declared body does not come.
  });
}
