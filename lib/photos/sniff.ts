/**
 * What an image's first bytes say it is, whatever name or type the browser declared: a phone may send a
 * HEIC photo as image/jpeg, and a renamed file says nothing. Magic numbers of the formats we take (JPEG,
 * PNG, WebP) and of the one we name in a refusal (HEIC/HEIF, the iPhone's default).
 */
export type SniffedImage = "jpeg" | "png" | "webp" | "heic" | "unknown";

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

// ISO-BMFF brands of HEIC/HEIF still images (and AVIF's, which phones do not send but sharp's prebuilt
// libheif cannot decode either).
const heifBrands = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"]);

export function sniffImage(bytes: Uint8Array): SniffedImage {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)
  )
    return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp" && heifBrands.has(ascii(bytes, 8, 12))) return "heic";
  return "unknown";
}
