import "server-only";
import { createClient as createPlainClient, type SupabaseClient } from "@supabase/supabase-js";
import { publicEnv } from "@/lib/env";
import type { OtherParticipant } from "@/lib/conversations/types";
import { photos } from "@/lib/site";
import { faceImage, type FaceImage } from "./face-image";
import { createClient } from "@/lib/supabase/server";
import { photoObject, type PhotoSize } from "./paths";

/**
 * Signed addresses of photos for a page, one Storage call for all of them. Storage signs only what the
 * signer may SELECT (the bucket's policy, private.photo_visible), so a photo a viewer may not see gets no
 * address even if its path reached the page. The addresses then go to Next's image optimisation
 * (next.config.ts remotePatterns), which fetches them server-side and serves the sized copy from the site.
 *
 * `as: "viewer"` signs with the request's session (signed-in pages); `as: "visitor"` with no session, for
 * the cached public pages every visitor shares (only public, unsuspended athletes' photos). Paths the
 * signer may not read, and nulls, are left out of the map.
 */
export async function signedPhotoUrls(
  paths: readonly (string | null | undefined)[],
  size: PhotoSize,
  as: "viewer" | "visitor",
): Promise<Map<string, string>> {
  const wanted = [...new Set(paths.filter((p): p is string => !!p))];
  const urls = new Map<string, string>();
  if (!wanted.length) return urls;
  const client: SupabaseClient = as === "viewer" ? await createClient() : visitorClient();
  const names = wanted.map((path) => photoObject(path, size));
  const { data, error } = await client.storage.from(photos.bucket).createSignedUrls(names, photos.signedUrlSeconds);
  if (error) {
    // A face is never worth failing a page: initials show instead.
    console.error("photo addresses failed", { reason: error.message });
    return urls;
  }
  data.forEach((entry, i) => {
    if (entry.signedUrl && !entry.error) urls.set(wanted[i]!, entry.signedUrl);
  });
  return urls;
}

/** One photo's address, or null. */
export async function signedPhotoUrl(path: string | null | undefined, size: PhotoSize, as: "viewer" | "visitor") {
  if (!path) return null;
  return (await signedPhotoUrls([path], size, as)).get(path) ?? null;
}

const visitorClient = () =>
  createPlainClient(publicEnv.NEXT_PUBLIC_SUPABASE_URL, publicEnv.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

/** One photo as a face's optimised image (lib/photos/face-image.ts), or null. */
export async function signedFaceImage(path: string | null | undefined, size: PhotoSize, as: "viewer" | "visitor") {
  const url = await signedPhotoUrl(path, size, as);
  return url ? faceImage(url) : null;
}

/** Photos as faces' optimised images by path (see signedPhotoUrls). */
export async function signedFaceImages(
  paths: readonly (string | null | undefined)[],
  size: PhotoSize,
  as: "viewer" | "visitor",
): Promise<Map<string, FaceImage>> {
  const urls = await signedPhotoUrls(paths, size, as);
  return new Map([...urls].map(([path, url]) => [path, faceImage(url)]));
}

/** `rows` with `photo` beside each `photo_path`: its face image, null where there is none or it may not be signed. */
export async function withPhotos<T extends { photo_path: string | null }>(
  rows: readonly T[],
  size: PhotoSize,
  as: "viewer" | "visitor",
): Promise<(T & { photo: FaceImage | null })[]> {
  const images = await signedFaceImages(rows.map((r) => r.photo_path), size, as);
  return rows.map((r) => ({ ...r, photo: r.photo_path ? (images.get(r.photo_path) ?? null) : null }));
}

/** Conversations with the other athlete's face image, signed as the viewer. */
export async function withConversationPhotos<T extends { other_participant: OtherParticipant | null }>(
  conversations: T[],
): Promise<T[]> {
  const images = await signedFaceImages(conversations.map((c) => c.other_participant?.photo_path), "small", "viewer");
  return conversations.map((c) => {
    const other = c.other_participant;
    if (!other?.photo_path) return c;
    return { ...c, other_participant: { ...other, photo: images.get(other.photo_path) ?? null } };
  });
}
