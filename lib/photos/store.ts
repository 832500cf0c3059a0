import "server-only";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Tx } from "../db/index.ts";
import { photos } from "../site.ts";
import { removeObjectsAsService } from "../supabase/admin.ts";
import { photoObject } from "./paths.ts";
import type { ProcessedPhoto } from "./process.ts";

/**
 * Storage as the athlete: `supabase` carries their session, so the bucket's policies decide every write
 * (their own folder only, nothing while suspended) exactly as for a call from their phone.
 */
const bucket = (supabase: SupabaseClient) => supabase.storage.from(photos.bucket);

// One athlete's photo changes run one after another (two taps on Save, two tabs): the second waits for the
// first, so neither removes objects the other has just pointed the profile at.
const lockAthlete = (tx: Tx, accountId: string) =>
  tx`select pg_advisory_xact_lock(hashtextextended(${`photo:${accountId}`}, 0))`;

/** Removes every object in the athlete's folder but those of `keep` (a hash), under their own policies. */
export async function removeOtherPhotos(supabase: SupabaseClient, accountId: string, keep: string | null) {
  const { data, error } = await bucket(supabase).list(accountId, { limit: 1000 });
  if (error) throw error;
  const names = data
    .map((object) => `${accountId}/${object.name}`)
    .filter((name) => keep === null || !name.startsWith(`${accountId}/${keep}-`));
  if (!names.length) return;
  const removed = await bucket(supabase).remove(names);
  if (removed.error) throw removed.error;
}

/**
 * Stores a processed photo as the athlete and makes it their profile photo: uploads its sizes and original
 * (names from its content hash, so a repeat writes the same names: no second copy), points the profile at
 * it (public.set_my_photo, which checks the objects are theirs), then removes their older objects. Returns
 * the profile's photo path. `tx` is the athlete's RLS transaction (withRls).
 */
export async function saveProfilePhoto(
  supabase: SupabaseClient,
  tx: Tx,
  accountId: string,
  photo: ProcessedPhoto,
): Promise<string> {
  await lockAthlete(tx, accountId);
  const path = `${accountId}/${photo.hash}`;
  const objects = [
    { name: photoObject(path, "large"), body: photo.sizes.large, contentType: "image/webp" },
    { name: photoObject(path, "small"), body: photo.sizes.small, contentType: "image/webp" },
    { name: `${path}-original.${photo.original.extension}`, body: photo.original.bytes, contentType: photo.original.contentType },
  ];
  for (const object of objects) {
    // upsert: a repeat (or a retry after a failure half way) overwrites the same names rather than failing.
    const { error } = await bucket(supabase).upload(object.name, object.body, {
      contentType: object.contentType,
      upsert: true,
      // How long a CDN or Next's image cache may keep a photo after it is removed or made private.
      cacheControl: String(photos.cacheSeconds),
    });
    if (error) throw error;
  }
  await tx`select public.set_my_photo(${path})`;
  await removeOtherPhotos(supabase, accountId, photo.hash);
  return path;
}

/** Takes the athlete's photo off their profile and removes its objects. */
export async function removeProfilePhoto(supabase: SupabaseClient, tx: Tx, accountId: string): Promise<void> {
  await lockAthlete(tx, accountId);
  await tx`select public.set_my_photo(null)`;
  await removeOtherPhotos(supabase, accountId, null);
}

/**
 * The athlete's original photo as uploaded (for their data export), read as them: the only reader the bucket
 * allows. Null without a photo.
 */
export async function readOriginalPhoto(supabase: SupabaseClient, accountId: string, path: string | null) {
  if (!path) return null;
  const { data, error } = await bucket(supabase).list(accountId, { limit: 1000 });
  if (error) throw error;
  const original = data.find((o) => o.name.startsWith(`${path.slice(accountId.length + 1)}-original.`));
  if (!original) return null;
  const name = `${accountId}/${original.name}`;
  const download = await bucket(supabase).download(name);
  if (download.error) throw download.error;
  return {
    name,
    content_type: download.data.type,
    base64: Buffer.from(await download.data.arrayBuffer()).toString("base64"),
  };
}

/**
 * Removes a reported photo for a moderator: public.moderate_remove_photo checks the role and the lock,
 * clears the profile's photo, closes the reports and queues the athlete's notice; then its objects (every
 * size and the original, the names the function returns) leave the bucket, before `tx` commits, so a failed
 * removal rolls the whole action back and the report stays open to try again. `tx` is the moderator's RLS
 * transaction.
 */
export async function removeReportedPhoto(
  tx: Tx,
  reportId: string,
): Promise<{ closed: number; profileId: string; cleared: boolean }> {
  const [row] = await tx<{ closed: number; profile_id: string; cleared: boolean; object_names: string[] }[]>`
    select * from public.moderate_remove_photo(${reportId})`;
  await removeObjectsAsService(photos.bucket, row!.object_names);
  return { closed: row!.closed, profileId: row!.profile_id, cleared: row!.cleared };
}
