import { createClient, StorageApiError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient, plainClient, stackEnv } from "../test-support/clients.ts";
import { asPostgres, bucketName, partialUpload, serviceBucket, userClient } from "./test-helpers.ts";

// Storage through the official supabase-js client, unchanged: what it sends, what hosted Storage answers.
// Policies are made by `postgres`, as a project's migration makes them (hosted allows CREATE POLICY there).

const pg = asPostgres();
afterAll(() => pg.end());

const privateBucket = bucketName("faces");
const publicBucket = bucketName("public-faces");
const limited = bucketName("limited");

beforeAll(async () => {
  await serviceBucket(privateBucket);
  await serviceBucket(publicBucket, { public: true });
  await serviceBucket(limited, { fileSizeLimit: 1000, allowedMimeTypes: ["image/*", "text/plain"] });
  // Each user may write and read only their own folder (the usual avatar rule), in these buckets only.
  const buckets = `bucket_id in ('${privateBucket}', '${publicBucket}', '${limited}')`;
  const own = `${buckets} and (storage.foldername(name))[1] = (select auth.uid()::text)`;
  await pg.unsafe(`
    create policy "${privateBucket} insert" on storage.objects for insert to authenticated with check (${own});
    create policy "${privateBucket} select" on storage.objects for select to authenticated using (${own});
    create policy "${privateBucket} update" on storage.objects for update to authenticated using (${own});
    create policy "${privateBucket} delete" on storage.objects for delete to authenticated using (${own});`);
});

const png = (size = 64) => Buffer.alloc(size, 1);

function apiError(error: unknown) {
  expect(error).toBeInstanceOf(StorageApiError);
  const e = error as StorageApiError & { statusCode: string; code?: string };
  return { status: e.status, statusCode: e.statusCode, code: e.code, message: e.message };
}

describe("uploads under the caller's policies", () => {
  it("a user uploads into their own folder; the object's owner_id is the token's sub", async () => {
    const { client, id } = await userClient();
    const { data, error } = await client.storage
      .from(privateBucket)
      .upload(`${id}/face.png`, png(), { contentType: "image/png" });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: `${id}/face.png`, fullPath: `${privateBucket}/${id}/face.png` });
    const [row] =
      await pg`select owner_id, owner::text, metadata->>'mimetype' as type, (metadata->>'size')::int as size
      from storage.objects where bucket_id = ${privateBucket} and name = ${`${id}/face.png`}`;
    expect(row).toEqual({ owner_id: id, owner: id, type: "image/png", size: 64 });
  });

  it("another user's folder, the anon key and no policy refuse with hosted's 403 body (HTTP 400)", async () => {
    const { client } = await userClient();
    const { id: other } = await userClient();
    const refused = await client.storage.from(privateBucket).upload(`${other}/face.png`, png());
    expect(apiError(refused.error)).toEqual({
      status: 400,
      statusCode: "403",
      code: "AccessDenied",
      message: "new row violates row-level security policy",
    });
    const anon = plainClient();
    const anonRefused = await anon.storage.from(privateBucket).upload(`${other}/face.png`, png());
    expect(apiError(anonRefused.error).statusCode).toBe("403");
    const raw = await fetch(`${stackEnv().url}/storage/v1/object/${privateBucket}/${other}/x.png`, {
      method: "POST",
      headers: { Authorization: `Bearer ${stackEnv().key}`, "Content-Type": "image/png" },
      body: png(),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      statusCode: "403",
      error: "Unauthorized",
      message: "new row violates row-level security policy",
      code: "AccessDenied",
    });
  });

  it("refuses a large upload by policy before reading its body, and closes the connection", async () => {
    const { id } = await userClient();
    const reply = await partialUpload(
      `/object/${privateBucket}/${id}/huge.bin`,
      { Authorization: `Bearer ${stackEnv().key}`, "Content-Type": "application/octet-stream" },
      40 * 1024 * 1024,
      64 * 1024,
    );
    expect(reply.sentBytes).toBe(64 * 1024);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ statusCode: "403", code: "AccessDenied" });
  });

  it("the service key writes anywhere, bypassing policies, and sets no owner", async () => {
    const { data, error } = await adminClient().storage.from(privateBucket).upload("shared/logo.png", png());
    expect(error).toBeNull();
    expect(data?.path).toBe("shared/logo.png");
    const [row] = await pg`select owner_id, owner from storage.objects
      where bucket_id = ${privateBucket} and name = 'shared/logo.png'`;
    expect(row).toEqual({ owner_id: null, owner: null });
  });

  it("a second upload to a name is 409 Duplicate; with upsert it replaces the bytes", async () => {
    const { client, id } = await userClient();
    const files = client.storage.from(privateBucket);
    expect(
      (await files.upload(`${id}/a.txt`, Buffer.from("one"), { contentType: "text/plain" })).error,
    ).toBeNull();
    const again = await files.upload(`${id}/a.txt`, Buffer.from("two"), { contentType: "text/plain" });
    expect(apiError(again.error)).toEqual({
      status: 400,
      statusCode: "409",
      code: "KeyAlreadyExists",
      message: "The resource already exists",
    });
    const upsert = await files.upload(`${id}/a.txt`, Buffer.from("two"), {
      contentType: "text/plain",
      upsert: true,
    });
    expect(upsert.error).toBeNull();
    expect(await (await files.download(`${id}/a.txt`)).data?.text()).toBe("two");
    const updated = await files.update(`${id}/a.txt`, new Blob(["three"], { type: "text/plain" }));
    expect(updated.error).toBeNull();
    const back = (await files.download(`${id}/a.txt`)).data;
    expect(await back?.text()).toBe("three");
    expect(back?.type).toBe("text/plain");
  });

  it("an upload needs only INSERT policies; an upsert also SELECT and UPDATE, as hosted's queries", async () => {
    const bucket = bucketName("insert-only");
    await serviceBucket(bucket);
    await pg.unsafe(`create policy "${bucket} insert" on storage.objects for insert to authenticated
      with check (bucket_id = '${bucket}' and owner_id = (select auth.uid()::text))`);
    const { client, id } = await userClient();
    const files = client.storage.from(bucket);
    expect((await files.upload(`${id}.png`, png(), { contentType: "image/png" })).error).toBeNull();
    const upsert = await files.upload(`${id}-2.png`, png(), { contentType: "image/png", upsert: true });
    expect(apiError(upsert.error)).toMatchObject({ statusCode: "403", code: "AccessDenied" });
  });

  it("a Blob goes as a form (storage-js' FormData) and keeps its type and cache-control", async () => {
    const { client, id } = await userClient();
    const files = client.storage.from(privateBucket);
    const { error } = await files.upload(`${id}/form.webp`, new Blob([png(300)], { type: "image/webp" }), {
      cacheControl: "60",
    });
    expect(error).toBeNull();
    const info = await files.info(`${id}/form.webp`);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      size: 300,
      contentType: "image/webp",
      cacheControl: "max-age=60",
      metadata: {},
    });
  });

  it("an unknown bucket is 404 Bucket not found; a key outside hosted's characters is 400 InvalidKey", async () => {
    const { client, id } = await userClient();
    const missing = await client.storage.from("no-such-bucket").upload(`${id}/x.png`, png());
    expect(apiError(missing.error)).toMatchObject({ statusCode: "404", message: "Bucket not found" });
    const bad = await client.storage.from(privateBucket).upload(`${id}/smile-😀.png`, png());
    expect(apiError(bad.error)).toMatchObject({ statusCode: "400", code: "InvalidKey" });
    const undecodable = await fetch(`${stackEnv().url}/storage/v1/object/${privateBucket}/${id}/%E0.png`, {
      method: "POST",
      headers: { Authorization: `Bearer ${stackEnv().serviceKey}`, "Content-Type": "image/png" },
      body: png(),
    });
    expect(await undecodable.json()).toMatchObject({ statusCode: "400", code: "InvalidKey" });
  });
});

describe("the request, as policies see it", () => {
  it("request.headers, request.method and request.path are set for policies, as hosted sets them", async () => {
    const bucket = bucketName("by-header");
    await serviceBucket(bucket);
    await pg.unsafe(`create policy "${bucket} anon by header" on storage.objects for insert to anon
      with check (bucket_id = '${bucket}'
        and current_setting('request.headers', true)::json->>'x-client-info' like 'supabase-js%'
        and current_setting('request.method', true) = 'POST'
        and current_setting('request.path', true) = '/object/${bucket}/' || name)`);
    const viaClient = await plainClient()
      .storage.from(bucket)
      .upload("a.png", png(), { contentType: "image/png" });
    expect(viaClient.error).toBeNull();
    const withoutHeader = await fetch(`${stackEnv().url}/storage/v1/object/${bucket}/b.png`, {
      method: "POST",
      headers: { Authorization: `Bearer ${stackEnv().key}`, "Content-Type": "image/png" },
      body: png(),
    });
    expect(await withoutHeader.json()).toMatchObject({ statusCode: "403", code: "AccessDenied" });
  });
});

describe("the bucket's size and type limits", () => {
  it("a body over file_size_limit is 413 EntityTooLarge and stores nothing", async () => {
    const files = adminClient().storage.from(limited);
    const over = await files.upload("big.png", png(1001), { contentType: "image/png" });
    expect(apiError(over.error)).toEqual({
      status: 400,
      statusCode: "413",
      code: "EntityTooLarge",
      message: "The object exceeded the maximum allowed size",
    });
    expect((await files.upload("fits.png", png(1000), { contentType: "image/png" })).error).toBeNull();
    const [row] =
      await pg`select count(*)::int as n from storage.objects where bucket_id = ${limited} and name = 'big.png'`;
    expect(row?.n).toBe(0);
  });

  it("a declared length over the limit is refused before the body; an undeclared one when it passes it", async () => {
    const declared = await partialUpload(
      `/object/${limited}/declared.png`,
      { Authorization: `Bearer ${stackEnv().serviceKey}`, "Content-Type": "image/png" },
      5 * 1024 * 1024,
      1024,
    );
    expect(JSON.parse(declared.body)).toMatchObject({ statusCode: "413", code: "EntityTooLarge" });
    const chunked = await fetch(`${stackEnv().url}/storage/v1/object/${limited}/chunked.png`, {
      method: "POST",
      headers: { Authorization: `Bearer ${stackEnv().serviceKey}`, "Content-Type": "image/png" },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(400));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(await chunked.json()).toMatchObject({ statusCode: "413", code: "EntityTooLarge" });
  });

  it("a declared type outside allowed_mime_types is 415 InvalidMimeType; image/* allows any image", async () => {
    const files = adminClient().storage.from(limited);
    const pdf = await files.upload("doc.pdf", Buffer.from("%PDF"), { contentType: "application/pdf" });
    expect(apiError(pdf.error)).toEqual({
      status: 400,
      statusCode: "415",
      code: "InvalidMimeType",
      message: "mime type application/pdf is not supported",
    });
    const form = await files.upload("doc2.pdf", new Blob(["%PDF"], { type: "application/pdf" }));
    expect(apiError(form.error).code).toBe("InvalidMimeType");
    expect((await files.upload("pic.avif", png(10), { contentType: "image/avif" })).error).toBeNull();
  });
});

describe("reads, signed URLs, lists and removal", () => {
  it("private objects are read under SELECT policies; others' are 404 Object not found", async () => {
    const owner = await userClient();
    const other = await userClient();
    await owner.client.storage
      .from(privateBucket)
      .upload(`${owner.id}/me.png`, png(10), { contentType: "image/png" });
    const mine = await owner.client.storage.from(privateBucket).download(`${owner.id}/me.png`);
    expect(mine.error).toBeNull();
    expect(mine.data?.size).toBe(10);
    const theirs = await other.client.storage.from(privateBucket).download(`${owner.id}/me.png`);
    expect(theirs.error).not.toBeNull();
    expect(await other.client.storage.from(privateBucket).exists(`${owner.id}/me.png`)).toMatchObject({
      data: false,
    });
    const publicUrl = owner.client.storage.from(privateBucket).getPublicUrl(`${owner.id}/me.png`)
      .data.publicUrl;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: "404", error: "Bucket not found" });
  });

  it("a public bucket's objects are served to anyone at /object/public with their headers", async () => {
    const { client, id } = await userClient();
    const files = client.storage.from(publicBucket);
    await files.upload(`${id}/face.png`, png(20), { contentType: "image/png", cacheControl: "120" });
    const res = await fetch(files.getPublicUrl(`${id}/face.png`).data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("max-age=120");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await res.arrayBuffer()).byteLength).toBe(20);
    const download = await fetch(files.getPublicUrl(`${id}/face.png`, { download: "me.png" }).data.publicUrl);
    expect(download.headers.get("content-disposition")).toBe(
      "attachment; filename=me.png; filename*=UTF-8''me.png",
    );
    // The /authenticated routes need a token even for a public bucket; the plain route does not.
    const base = `${stackEnv().url}/storage/v1/object`;
    const keyless = await fetch(`${base}/authenticated/${publicBucket}/${id}/face.png`);
    expect(keyless.status).toBe(400);
    expect(await keyless.json()).toMatchObject({ statusCode: "403", code: "AccessDenied" });
    const infoKeyless = await fetch(`${base}/info/authenticated/${publicBucket}/${id}/face.png`);
    expect(await infoKeyless.json()).toMatchObject({ statusCode: "403", code: "AccessDenied" });
    const withAnonKey = await fetch(`${base}/authenticated/${publicBucket}/${id}/face.png`, {
      headers: { Authorization: `Bearer ${stackEnv().key}` },
    });
    expect(withAnonKey.status).toBe(200);
    expect((await fetch(`${base}/${publicBucket}/${id}/face.png`)).status).toBe(200);
    const part = await fetch(`${base}/public/${publicBucket}/${id}/face.png`, {
      headers: { Range: "bytes=2-5" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 2-5/20");
    expect((await part.arrayBuffer()).byteLength).toBe(4);
    const beyond = await fetch(`${base}/public/${publicBucket}/${id}/face.png`, {
      headers: { Range: "bytes=50-" },
    });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toMatchObject({ statusCode: "416", code: "InvalidRange" });
  });

  it("signed URLs: made under SELECT policies, served without a key until they expire", async () => {
    const { client, id } = await userClient();
    const other = await userClient();
    const files = client.storage.from(privateBucket);
    await files.upload(`${id}/signed.txt`, Buffer.from("secret"), { contentType: "text/plain" });
    const signed = await files.createSignedUrl(`${id}/signed.txt`, 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("secret");
    const tampered = await fetch(signed.data!.signedUrl.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
    expect(tampered.status).toBe(400);
    const refused = await other.client.storage.from(privateBucket).createSignedUrl(`${id}/signed.txt`, 60);
    expect(apiError(refused.error).statusCode).toBe("404");
    const many = await files.createSignedUrls([`${id}/signed.txt`, `${id}/missing.txt`], 60);
    expect(many.data?.map((d) => [d.path, d.error, Boolean(d.signedUrl)])).toEqual([
      [`${id}/signed.txt`, null, true],
      [`${id}/missing.txt`, "Either the object does not exist or you do not have access to it", false],
    ]);
    const short = await files.createSignedUrl(`${id}/signed.txt`, 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(short.data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: "400", code: "ExpiredToken" });
  });

  it("a signed upload URL carries its maker's policies and owner to a keyless upload", async () => {
    const { client, id } = await userClient();
    const files = client.storage.from(privateBucket);
    const signed = await files.createSignedUploadUrl(`${id}/later.png`);
    expect(signed.error).toBeNull();
    const keyless = createClient(stackEnv().url, "no-key", { auth: { persistSession: false } });
    const put = await keyless.storage
      .from(privateBucket)
      .uploadToSignedUrl(`${id}/later.png`, signed.data!.token, png(5), { contentType: "image/png" });
    expect(put.error).toBeNull();
    const [row] =
      await pg`select owner_id from storage.objects where bucket_id = ${privateBucket} and name = ${`${id}/later.png`}`;
    expect(row?.owner_id).toBe(id);
    const other = await userClient();
    const refused = await other.client.storage.from(privateBucket).createSignedUploadUrl(`${id}/evil.png`);
    expect(apiError(refused.error).statusCode).toBe("403");
  });

  it("list shows one level of what the caller may see; remove deletes only what DELETE policies allow", async () => {
    const { client, id } = await userClient();
    const other = await userClient();
    const files = client.storage.from(privateBucket);
    for (const name of ["b.png", "a.png", "sub/c.png"]) await files.upload(`${id}/${name}`, png(3));
    const listed = await files.list(id);
    expect(listed.data?.map((f) => [f.name, f.id === null])).toEqual([
      ["a.png", false],
      ["b.png", false],
      ["sub", true],
    ]);
    expect((await other.client.storage.from(privateBucket).list(id)).data).toEqual([]);
    const v2 = await files.listV2({ prefix: `${id}/`, with_delimiter: true, limit: 2 });
    expect(v2.data).toMatchObject({
      hasNext: true,
      folders: [],
      objects: [{ name: `${id}/a.png` }, { name: `${id}/b.png` }],
    });
    const next = await files.listV2({
      prefix: `${id}/`,
      with_delimiter: true,
      limit: 2,
      cursor: v2.data!.nextCursor,
    });
    expect(next.data).toMatchObject({
      hasNext: false,
      folders: [{ key: `${id}/sub`, name: `${id}/sub/` }],
      objects: [],
    });
    const notTheirs = await other.client.storage.from(privateBucket).remove([`${id}/a.png`]);
    expect(notTheirs).toEqual({ data: [], error: null });
    const removed = await files.remove([`${id}/a.png`, `${id}/b.png`]);
    expect(removed.data?.map((r) => r.name).sort()).toEqual([`${id}/a.png`, `${id}/b.png`]);
    expect((await files.download(`${id}/a.png`)).error).not.toBeNull();
    expect((await files.list(id)).data?.map((f) => f.name)).toEqual(["sub"]);
  });

  it("move and copy within the caller's folder", async () => {
    const { client, id } = await userClient();
    const files = client.storage.from(privateBucket);
    await files.upload(`${id}/from.txt`, Buffer.from("moved"), { contentType: "text/plain" });
    expect((await files.copy(`${id}/from.txt`, `${id}/copy.txt`)).error).toBeNull();
    expect((await files.move(`${id}/from.txt`, `${id}/to.txt`)).error).toBeNull();
    expect(await (await files.download(`${id}/to.txt`)).data?.text()).toBe("moved");
    expect(await (await files.download(`${id}/copy.txt`)).data?.text()).toBe("moved");
    expect((await files.download(`${id}/from.txt`)).error).not.toBeNull();
  });
});

describe("buckets", () => {
  it("only the service role creates buckets (no policy on storage.buckets), with hosted's answers", async () => {
    const { client } = await userClient();
    const refused = await client.storage.createBucket(bucketName("mine"));
    expect(apiError(refused.error)).toMatchObject({ statusCode: "403", code: "AccessDenied" });
    const name = bucketName("svc");
    const admin = adminClient().storage;
    expect(
      await admin.createBucket(name, { public: true, fileSizeLimit: "5MB", allowedMimeTypes: ["image/png"] }),
    ).toEqual({
      data: { name },
      error: null,
    });
    const again = await admin.createBucket(name);
    expect(apiError(again.error)).toMatchObject({
      statusCode: "409",
      message: "The resource already exists",
    });
    const got = await admin.getBucket(name);
    expect(got.data).toMatchObject({
      id: name,
      name,
      public: true,
      file_size_limit: 5_000_000,
      allowed_mime_types: ["image/png"],
    });
    expect((await admin.listBuckets()).data?.map((b) => b.id)).toContain(name);
    expect((await client.storage.getBucket(name)).error).not.toBeNull();
    expect((await admin.updateBucket(name, { public: false })).data).toEqual({
      message: "Successfully updated",
    });
    await admin.from(name).upload("x.png", png(), { contentType: "image/png" });
    expect(apiError((await admin.deleteBucket(name)).error).statusCode).toBe("409");
    expect((await admin.emptyBucket(name)).data).toEqual({
      message: "Empty bucket has been queued. Completion may take up to an hour.",
    });
    expect((await admin.from(name).list()).data).toEqual([]);
    expect((await admin.deleteBucket(name)).data).toEqual({ message: "Successfully deleted" });
  });

  it("a bucket a migration inserts (as postgres) takes uploads", async () => {
    const name = bucketName("migrated");
    await pg`insert into storage.buckets (id, name, public, file_size_limit) values (${name}, ${name}, true, 100)`;
    const files = adminClient().storage.from(name);
    expect((await files.upload("ok.png", png(100), { contentType: "image/png" })).error).toBeNull();
    expect(
      apiError((await files.upload("no.png", png(101), { contentType: "image/png" })).error).statusCode,
    ).toBe("413");
  });
});
