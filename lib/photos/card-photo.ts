import "server-only";
import sharp from "sharp";
import { signedPhotoUrl } from "./urls";

/**
 * A photo's bytes as a data: URL for a drawn image (a profile's social card), signed and read as a visitor, so
 * only a photo every visitor may see (a public, unsuspended athlete's) is ever drawn. Null when there is
 * none, it may not be read, or it does not come in time: the card shows initials instead.
 */
export async function visitorPhotoDataUrl(path: string | null | undefined): Promise<string | null> {
  const url = await signedPhotoUrl(path, "large", "visitor");
  if (!url) return null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    // The card's renderer takes a WebP but draws nothing of it; a JPEG at the card's size it draws.
    const jpeg = await sharp(Buffer.from(await response.arrayBuffer()))
      .resize(256, 256)
      .jpeg({ quality: 85 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  } catch {
    return null;
  }
}
