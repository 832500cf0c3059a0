import "server-only";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { photos } from "../site.ts";
import { centreCrop, cropBox, type Crop } from "./crop.ts";
import { sniffImage } from "./sniff.ts";
import { photoTexts, type PhotoRefusalCode } from "./texts.ts";

export { photoTexts };

/** A photo ready to store: its square sizes (WebP, upright, no metadata) and the bytes as uploaded. */
export type ProcessedPhoto = {
  /** 32 hex digits of the sizes' content: the same photo and square always give the same names. */
  hash: string;
  sizes: { large: Buffer; small: Buffer };
  original: { bytes: Uint8Array; contentType: string; extension: "jpg" | "png" | "webp" };
};

export type PhotoRefusal = { code: PhotoRefusalCode; error: string };

const refuse = (code: PhotoRefusalCode): PhotoRefusal => ({ code, error: photoTexts[code] });

const formats = {
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  png: { contentType: "image/png", extension: "png" },
  webp: { contentType: "image/webp", extension: "webp" },
} as const;

// Decoding a photo costs memory per pixel: 50 megapixels is past any phone's camera and stops a tiny file
// that claims to be enormous (a decompression bomb).
const maxPixels = 50_000_000;

/**
 * Bytes in, the sizes the pages use out, or a refusal in the words the athlete reads. The real bytes decide
 * what the file is (magic numbers, then sharp's decoder), never its name or declared type. The photo is
 * turned upright by its EXIF orientation first, then cut to the chosen square and resized; sharp writes no
 * metadata unless asked, so EXIF and GPS are gone from every size. Shared by every way a photo arrives (the
 * edit screen's upload, the demo seed, a sign-in provider's picture).
 */
export async function processPhoto(bytes: Uint8Array, crop: Crop = centreCrop): Promise<ProcessedPhoto | PhotoRefusal> {
  if (bytes.byteLength === 0) return refuse("empty");
  if (bytes.byteLength > photos.maxBytes) return refuse("tooLarge");
  const kind = sniffImage(bytes);
  if (kind === "heic") return refuse("heic");
  if (kind === "unknown") return refuse("notAnImage");

  let upright: { width: number; height: number };
  try {
    const meta = await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
    upright = meta.autoOrient ?? { width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    return refuse("unreadable");
  }
  if (Math.min(upright.width, upright.height) < photos.sizes.small) return refuse("tooSmall");

  const box = cropBox(upright.width, upright.height, crop);
  const square = (side: number) =>
    sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" })
      .rotate()
      .extract(box)
      .resize(side, side, { fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer();
  let large: Buffer, small: Buffer;
  try {
    [large, small] = await Promise.all([square(photos.sizes.large), square(photos.sizes.small)]);
  } catch {
    return refuse("unreadable");
  }
  const hash = createHash("sha256").update(large).update(small).digest("hex").slice(0, 32);
  return { hash, sizes: { large, small }, original: { bytes, ...formats[kind] } };
}

export const isRefusal = (result: ProcessedPhoto | PhotoRefusal): result is PhotoRefusal => "error" in result;
