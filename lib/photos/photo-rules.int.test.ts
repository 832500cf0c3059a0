import type { SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import { photos } from "@/lib/site";
import { adminSql } from "@/test/fixtures/athletes";
import { adminClient, createConfirmedUser, plainClient } from "@noosa-tri/supabase-local/test-support";
import { photoObject } from "./paths";
import { isRefusal, processPhoto, type ProcessedPhoto } from "./process";
import { readOriginalPhoto, removeOtherPhotos, removeProfilePhoto, saveProfilePhoto } from "./store";

// Who may read a profile photo (private.photo_visible, the bucket's policies) and who may write one, through
// the official Storage client against the stand-in, as each kind of caller: the athlete, a visitor, a
// stranger, a teammate, a blocked athlete, a suspended one, a moderator. Runs inside `supabase-local --test`.

const admin = adminSql();

type Person = { id: string; profileId: string; client: SupabaseClient; claims: Claims };
const people: Person[] = [];

async function person(name: string, isPublic: boolean): Promise<Person> {
  const user = await createConfirmedUser();
  const client = plainClient();
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw error;
  const { data } = await client.auth.getClaims();
  const [row] = await admin<{ id: string }[]>`
    insert into public.profiles (auth_id, username, full_name, location, specialty, experience_level, goals, is_public)
    values (${user.id}, ${`p_${user.id.slice(0, 12)}`}, ${name}, ${admin.json({ display_name: "Noosa", coordinates: [0, 0] })},
            'runner', 'beginner', 'Finish the relay run leg', ${isPublic})
    returning id`;
  const made = { id: user.id, profileId: row!.id, client, claims: data!.claims as Claims };
  people.push(made);
  return made;
}

async function photo(colour: string, zoom = 1): Promise<ProcessedPhoto> {
  const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: colour } }).jpeg().toBuffer();
  const result = await processPhoto(bytes, { zoom, x: 0.5, y: 0.5 });
  if (isRefusal(result)) throw new Error(result.error);
  return result;
}

const save = (p: Person, processed: ProcessedPhoto) =>
  withRls(p.claims, (tx) => saveProfilePhoto(p.client, tx, p.id, processed));

const objectsOf = async (p: Person) =>
  (await admin<{ name: string }[]>`
    select name from storage.objects where bucket_id = 'avatars' and name like ${`${p.id}/%`} order by name`).map((r) => r.name);

const pathOf = async (p: Person) =>
  (await admin<{ photo_path: string | null }[]>`select photo_path from public.profiles where id = ${p.profileId}`)[0]!.photo_path;

/** Whether `reader` (a signed-in client, or a visitor's) gets a signed URL for, and the bytes of, `name`. */
async function canRead(reader: SupabaseClient, name: string): Promise<boolean> {
  const signed = await reader.storage.from("avatars").createSignedUrl(name, 60);
  const download = await reader.storage.from("avatars").download(name);
  expect(signed.error === null).toBe(download.error === null);
  if (signed.data) expect((await fetch(signed.data.signedUrl)).status).toBe(200);
  return download.error === null;
}

/** What the app's pages read for `viewer` (null: a visitor): the path, or null. */
const visiblePath = (viewer: Person | null, of: Person) =>
  withRls(viewer?.claims ?? null, (tx) =>
    tx<{ path: string | null }[]>`select private.visible_photo_path(${of.profileId}) as path`.then((r) => r[0]!.path),
  );

const visitor = plainClient();
let mia: Person, ethan: Person, stranger: Person, teammate: Person, blocked: Person, moderator: Person;

beforeAll(async () => {
  mia = await person("Mia Public", true);
  ethan = await person("Ethan Private", false);
  stranger = await person("Sam Stranger", false);
  teammate = await person("Tia Teammate", false);
  blocked = await person("Ben Blocked", true);
  moderator = await person("Mo Moderator", false);
  await admin`insert into private.moderators (user_id) values (${moderator.id})`;
  // Tia and Ethan have talked: each may see the other, as on a roster or in chat.
  await admin`select private.ensure_conversation(${ethan.profileId}, ${teammate.profileId})`;
  await save(mia, await photo("#c0392b"));
  await save(ethan, await photo("#2980b9"));
  await save(blocked, await photo("#27ae60"));
});

afterAll(async () => {
  const ids = people.map((p) => p.id);
  for (const id of ids) {
    const { data } = await adminClient().storage.from("avatars").list(id);
    if (data?.length) await adminClient().storage.from("avatars").remove(data.map((o) => `${id}/${o.name}`));
  }
  await admin`delete from private.moderators where user_id in ${admin(ids)}`;
  await admin`delete from auth.users where id in ${admin(ids)}`;
  await admin.end();
  await pool().end();
});

describe("the avatars bucket", () => {
  it("is private, with the app's size limit and only JPEG, PNG and WebP", async () => {
    const [bucket] = await admin`select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'avatars'`;
    expect(bucket).toEqual({
      public: false,
      file_size_limit: String(photos.maxBytes),
      allowed_mime_types: ["image/jpeg", "image/png", "image/webp"],
    });
  });
});

describe("saving a photo", () => {
  it("stores both sizes and the original, and a second identical save changes nothing", async () => {
    const path = await pathOf(mia);
    expect(path).toMatch(new RegExp(`^${mia.id}/[0-9a-f]{32}$`));
    const before = await objectsOf(mia);
    expect(before).toEqual([`${path}-128.webp`, `${path}-512.webp`, `${path}-original.jpg`]);
    await save(mia, await photo("#c0392b"));
    expect(await pathOf(mia)).toBe(path);
    expect(await objectsOf(mia)).toEqual(before);
  });

  it("replacing a photo removes the old objects; removing it leaves none", async () => {
    const old = await pathOf(teammate);
    expect(old).toBeNull();
    await save(teammate, await photo("#8e44ad"));
    const first = (await pathOf(teammate))!;
    await save(teammate, await photo("#16a085"));
    const second = (await pathOf(teammate))!;
    expect(second).not.toBe(first);
    expect(await objectsOf(teammate)).toEqual([`${second}-128.webp`, `${second}-512.webp`, `${second}-original.jpg`]);
    await withRls(teammate.claims, (tx) => removeProfilePhoto(teammate.client, tx, teammate.id));
    expect(await pathOf(teammate)).toBeNull();
    expect(await objectsOf(teammate)).toEqual([]);
  });

  it("points a profile only at objects its athlete uploaded, in their own folder", async () => {
    const notUploaded = `${stranger.id}/${"a".repeat(32)}`;
    await expect(
      withRls(stranger.claims, (tx) => tx`select public.set_my_photo(${notUploaded})`),
    ).rejects.toMatchObject({ code: "P0002" });
    // Mia's objects exist, but not in Sam's folder: the column's check refuses them.
    const miaPath = await pathOf(mia);
    await expect(
      withRls(stranger.claims, (tx) => tx`select public.set_my_photo(${miaPath})`),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^(P0002|23514)$/) });
    expect(await pathOf(stranger)).toBeNull();
  });

  it("never lets one athlete write or remove in another's folder", async () => {
    const miaPath = (await pathOf(mia))!;
    const bytes = (await photo("#000000")).sizes.small;
    const upload = await stranger.client.storage
      .from("avatars")
      .upload(`${mia.id}/${"b".repeat(32)}-128.webp`, bytes, { contentType: "image/webp" });
    expect(upload.error).not.toBeNull();
    const overwrite = await stranger.client.storage
      .from("avatars")
      .upload(photoObject(miaPath, "small"), bytes, { contentType: "image/webp", upsert: true });
    expect(overwrite.error).not.toBeNull();
    await stranger.client.storage.from("avatars").remove([photoObject(miaPath, "large")]);
    expect(await objectsOf(mia)).toContain(photoObject(miaPath, "large"));
    // A name outside the layout, even in one's own folder.
    const stray = await stranger.client.storage.from("avatars").upload(`${stranger.id}/notes.webp`, bytes, { contentType: "image/webp" });
    expect(stray.error).not.toBeNull();
  });
});

describe("who sees a photo", () => {
  it("a public profile's: a visitor and a stranger see its sizes, never its original", async () => {
    const path = (await pathOf(mia))!;
    expect(await canRead(visitor, photoObject(path, "large"))).toBe(true);
    expect(await canRead(stranger.client, photoObject(path, "small"))).toBe(true);
    expect(await canRead(visitor, `${path}-original.jpg`)).toBe(false);
    expect(await canRead(stranger.client, `${path}-original.jpg`)).toBe(false);
    expect(await canRead(mia.client, `${path}-original.jpg`)).toBe(true);
    expect(await visiblePath(null, mia)).toBe(path);
    expect(await visiblePath(stranger, mia)).toBe(path);
  });

  it("a private profile's: its athlete and someone they talk to, not a visitor or a stranger", async () => {
    const path = (await pathOf(ethan))!;
    expect(await canRead(visitor, photoObject(path, "large"))).toBe(false);
    expect(await canRead(stranger.client, photoObject(path, "large"))).toBe(false);
    expect(await canRead(teammate.client, photoObject(path, "large"))).toBe(true);
    expect(await canRead(ethan.client, photoObject(path, "large"))).toBe(true);
    expect(await visiblePath(null, ethan)).toBeNull();
    expect(await visiblePath(stranger, ethan)).toBeNull();
    expect(await visiblePath(teammate, ethan)).toBe(path);
    // Listing the folder shows a stranger nothing either.
    const { data } = await stranger.client.storage.from("avatars").list(ethan.id);
    expect(data ?? []).toEqual([]);
  });

  it("between a blocked pair, neither sees the other's, either way", async () => {
    const path = (await pathOf(blocked))!;
    const miaPath = (await pathOf(mia))!;
    expect(await canRead(mia.client, photoObject(path, "small"))).toBe(true);
    await withRls(mia.claims, (tx) => tx`select public.block_athlete(${blocked.profileId})`);
    expect(await canRead(mia.client, photoObject(path, "small"))).toBe(false);
    expect(await canRead(blocked.client, photoObject(miaPath, "small"))).toBe(false);
    expect(await visiblePath(mia, blocked)).toBeNull();
    expect(await visiblePath(blocked, mia)).toBeNull();
    // Others still see both.
    expect(await canRead(stranger.client, photoObject(path, "small"))).toBe(true);
    await withRls(mia.claims, (tx) => tx`select public.unblock_athlete(${blocked.profileId})`);
    expect(await canRead(mia.client, photoObject(path, "small"))).toBe(true);
  });

  it("a suspended athlete's: hidden from everyone but them and moderators, and they cannot upload", async () => {
    const path = (await pathOf(blocked))!;
    await admin`insert into private.suspended_accounts (user_id) values (${blocked.id})`;
    try {
      expect(await canRead(visitor, photoObject(path, "large"))).toBe(false);
      expect(await canRead(stranger.client, photoObject(path, "large"))).toBe(false);
      expect(await canRead(blocked.client, photoObject(path, "large"))).toBe(true);
      expect(await canRead(moderator.client, photoObject(path, "large"))).toBe(true);
      expect(await canRead(moderator.client, `${path}-original.jpg`)).toBe(false);
      expect(await visiblePath(null, blocked)).toBeNull();
      const upload = await blocked.client.storage
        .from("avatars")
        .upload(`${blocked.id}/${"c".repeat(32)}-128.webp`, (await photo("#111111")).sizes.small, { contentType: "image/webp" });
      expect(upload.error).not.toBeNull();
      await expect(save(blocked, await photo("#222222"))).rejects.toBeTruthy();
      expect(await pathOf(blocked)).toBe(path);
    } finally {
      await admin`delete from private.suspended_accounts where user_id = ${blocked.id}`;
    }
    expect(await canRead(visitor, photoObject(path, "large"))).toBe(true);
  });

  it("a moderator sees a private profile's photo and may remove it", async () => {
    const path = (await pathOf(ethan))!;
    expect(await canRead(moderator.client, photoObject(path, "large"))).toBe(true);
    const { data, error } = await moderator.client.storage.from("avatars").remove([photoObject(path, "small")]);
    expect(error).toBeNull();
    expect(data?.map((o) => o.name)).toEqual([photoObject(path, "small")]);
    expect(await objectsOf(ethan)).not.toContain(photoObject(path, "small"));
  });
});

describe("an athlete's own data", () => {
  it("the export's original is the bytes as uploaded, read as the athlete only", async () => {
    const processed = await photo("#d35400");
    await save(teammate, processed);
    const path = await pathOf(teammate);
    const original = await readOriginalPhoto(teammate.client, teammate.id, path);
    expect(original?.content_type).toBe("image/jpeg");
    expect(Buffer.from(original!.base64, "base64").equals(Buffer.from(processed.original.bytes))).toBe(true);
    await expect(readOriginalPhoto(stranger.client, teammate.id, path)).resolves.toBeNull();
  });

  it("deleting an account removes every object in its folder, checked in the bucket", async () => {
    const leaving = await person("Lee Leaving", true);
    await save(leaving, await photo("#f1c40f"));
    expect(await objectsOf(leaving)).toHaveLength(3);
    // As the account deletion does: the database part, the objects as the athlete, then the Auth user.
    await withRls(leaving.claims, (tx) => tx`select public.delete_my_account()`);
    await removeOtherPhotos(leaving.client, leaving.id, null);
    await admin`delete from auth.users where id = ${leaving.id}`;
    expect(await objectsOf(leaving)).toEqual([]);
  });
});
