import { photos } from "../site.ts";

/** What the athlete reads about their photo: each refusal of an upload, and each outcome. */
export const photoTexts = {
  empty: "Choose a photo to upload.",
  tooLarge: `That photo is larger than ${photos.maxBytes / 1024 / 1024} MB, the limit. Choose a smaller photo and try again.`,
  heic:
    "That photo is HEIC, the iPhone's own format, which we can't read yet. Choose it again from Photos " +
    "(the picker sends a JPEG), or set Settings → Camera → Formats → Most Compatible, and try again.",
  notAnImage: "That file isn't a photo we can use. Choose a JPEG, PNG or WebP photo.",
  unreadable: "We couldn't read that photo: it may be damaged. Try another one.",
  tooSmall: `That photo is too small: choose one at least ${photos.sizes.small} pixels on each side.`,
} as const;

/** Why a photo was refused: a key of photoTexts. */
export type PhotoRefusalCode = keyof typeof photoTexts;

export const photoOutcomeTexts = {
  saved: "Photo saved. It shows on your profile, your teams and your messages.",
  removed: "Photo removed.",
  suspended: "Your account is suspended",
  signedOut: "Your session has ended. Please sign in again.",
  failed: "Sorry, we couldn't save your photo just now. Please try again.",
} as const;

export type PhotoOutcomeCode = keyof typeof photoOutcomeTexts;

/** The text of any photo answer's code (a refusal or an outcome), or null for a code we never send. */
export function photoMessage(code: string | undefined | null): string | null {
  if (!code) return null;
  if (Object.hasOwn(photoTexts, code)) return photoTexts[code as PhotoRefusalCode];
  if (Object.hasOwn(photoOutcomeTexts, code)) return photoOutcomeTexts[code as PhotoOutcomeCode];
  return null;
}
