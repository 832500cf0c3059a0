import "server-only";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Claims } from "../db/index.ts";
import { withRls } from "../db/index.ts";
import { isRefusal, processPhoto, type ProcessedPhoto } from "./process.ts";
import {
  allowedPictureOrigins,
  fetchProviderPicture,
  providerPictureOf,
  type ProviderPicture,
} from "./provider-picture.ts";
import { saveProfilePhoto } from "./store.ts";

/** The note the athlete reads when the ticked picture could not become their photo (the profile is saved). */
export const providerPictureFailed = (label: string) =>
  `Your profile is saved, but we couldn't use your ${label} picture. You can add a photo from Edit Profile.`;

/** The provider picture of the signed-in user, from the identities Auth holds (getUser asks Auth). */
async function pictureOfUser(supabase: SupabaseClient): Promise<ProviderPicture | null> {
  const { data, error } = await supabase.auth.getUser();
  if (error || !data.user) return null;
  return providerPictureOf(data.user.identities);
}

/** Fetches the picture (guarded) and runs it through the upload's pipeline: real bytes, upright, no metadata. */
async function processedPicture(picture: ProviderPicture): Promise<ProcessedPhoto | null> {
  const fetched = await fetchProviderPicture(picture.url, { origins: allowedPictureOrigins(picture.provider) });
  if (!fetched.ok) {
    console.warn("provider picture not fetched", { provider: picture.provider, reason: fetched.reason });
    return null;
  }
  const photo = await processPhoto(fetched.bytes);
  if (isRefusal(photo)) {
    console.warn("provider picture refused", { provider: picture.provider, reason: photo.code });
    return null;
  }
  return photo;
}

/**
 * What create-profile shows beside the box: the picture as the small size we would store, inline (the
 * athlete's browser never asks the provider, and the page's CSP needs no provider host). Null when the
 * athlete's sign-in gave no picture or it cannot be used now (then the page says nothing about it).
 */
export async function providerPicturePreview(
  supabase: SupabaseClient,
): Promise<{ label: string; src: string } | null> {
  const picture = await pictureOfUser(supabase);
  if (!picture) return null;
  const photo = await processedPicture(picture);
  if (!photo) return null;
  return { label: picture.label, src: `data:image/webp;base64,${photo.sizes.small.toString("base64")}` };
}

/**
 * Makes the provider's picture the athlete's profile photo, fetched again on the server (nothing the browser
 * sends names it). Null when stored; else the note to show. Never throws: the profile is already saved.
 */
export async function importProviderPicture(supabase: SupabaseClient, claims: Claims): Promise<string | null> {
  const picture = await pictureOfUser(supabase).catch(() => null);
  if (!picture) return providerPictureFailed("sign-in provider's");
  try {
    const photo = await processedPicture(picture);
    if (!photo) return providerPictureFailed(picture.label);
    await withRls(claims, (tx) => saveProfilePhoto(supabase, tx, claims.sub, photo));
    return null;
  } catch (error) {
    console.error("provider picture not stored", {
      provider: picture.provider,
      reason: error instanceof Error ? error.message : String(error),
    });
    return providerPictureFailed(picture.label);
  }
}
