import { photos } from "../site.ts";

/** Which stored size of a photo: `large` (512 px) or `small` (128 px). */
export type PhotoSize = keyof typeof photos.sizes;

/** The object name of one size of the photo at `path` (`<account id>/<hash>`, profiles.photo_path). */
export const photoObject = (path: string, size: PhotoSize) => `${path}-${photos.sizes[size]}.webp`;

/** Every object of the photo at `path`: its sizes and the original as uploaded. */
export const photoObjects = (path: string, originalExtension: string) => [
  photoObject(path, "large"),
  photoObject(path, "small"),
  `${path}-original.${originalExtension}`,
];
