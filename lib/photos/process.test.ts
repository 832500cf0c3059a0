import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photos } from "@/lib/site";
import { isRefusal, photoTexts, processPhoto, type ProcessedPhoto } from "./process";


/** A photo 400 × 200 whose left half is red and right half blue, with EXIF (orientation, GPS). */
async function landscape(orientation = 1) {
  const left = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#ff0000" } }).png().toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: "#0000ff" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation })
    .withExifMerge({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "26/1 23/1 0/1" } })
    .toBuffer();
}

const processed = async (bytes: Uint8Array, crop?: Parameters<typeof processPhoto>[1]) => {
  const result = await processPhoto(bytes, crop);
  if (isRefusal(result)) throw new Error(result.error);
  return result as ProcessedPhoto;
};

const centreColour = async (image: Buffer) => {
  const { data } = await sharp(image).extract({ left: 250, top: 250, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!] as const;
};

describe("processPhoto", () => {
  it("stores square WebP sizes with no EXIF or GPS left", async () => {
    const input = await landscape();
    expect((await sharp(input).metadata()).exif?.includes("PhoneCo")).toBe(true);
    const photo = await processed(input);
    for (const [size, image] of [[512, photo.sizes.large], [128, photo.sizes.small]] as const) {
      const meta = await sharp(image).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", size, size]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    expect(photo.original).toMatchObject({ contentType: "image/jpeg", extension: "jpg" });
    expect(photo.hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it("cuts the square the athlete chose: left edge red, right edge blue", async () => {
    const input = await landscape();
    const [r1, , b1] = await centreColour((await processed(input, { zoom: 1, x: 0, y: 0.5 })).sizes.large);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    const [r2, , b2] = await centreColour((await processed(input, { zoom: 1, x: 1, y: 0.5 })).sizes.large);
    expect(r2).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
  });

  it("turns the photo upright by its EXIF orientation before cutting", async () => {
    // Orientation 6: the stored pixels are turned 90° anticlockwise; upright it is 200 wide, 400 tall, the
    // red half on top. The top square is red, the bottom one blue.
    const input = await landscape(6);
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const [rTop, , bTop] = await centreColour((await processed(input, { zoom: 1, x: 0.5, y: 0 })).sizes.large);
    const [rBottom, , bBottom] = await centreColour((await processed(input, { zoom: 1, x: 0.5, y: 1 })).sizes.large);
    expect([rTop > 200, bTop < 60]).toEqual([true, true]);
    expect([rBottom < 60, bBottom > 200]).toEqual([true, true]);
  });

  it("gives the same names for the same photo and square, others for another square", async () => {
    const input = await landscape();
    expect((await processed(input)).hash).toBe((await processed(input)).hash);
    expect((await processed(input, { zoom: 2, x: 0, y: 0 })).hash).not.toBe((await processed(input)).hash);
  });

  it("refuses by the real bytes: HEIC, text, a damaged JPEG, too big, too small, nothing", async () => {
    const heic = Uint8Array.from([0, 0, 0, 0x18, ...Buffer.from("ftypheic"), 0, 0, 0, 0]);
    expect(await processPhoto(heic)).toEqual({ code: "heic", error: photoTexts.heic });
    expect(await processPhoto(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toEqual({ code: "notAnImage", error: photoTexts.notAnImage });
    const jpeg = await landscape();
    expect(await processPhoto(jpeg.subarray(0, 200))).toEqual({ code: "unreadable", error: photoTexts.unreadable });
    const big = new Uint8Array(photos.maxBytes + 1);
    big.set(jpeg.subarray(0, 3));
    expect(await processPhoto(big)).toEqual({ code: "tooLarge", error: photoTexts.tooLarge });
    const tiny = await sharp({ create: { width: 100, height: 300, channels: 3, background: "#fff" } }).png().toBuffer();
    expect(await processPhoto(tiny)).toEqual({ code: "tooSmall", error: photoTexts.tooSmall });
    expect(await processPhoto(new Uint8Array())).toEqual({ code: "empty", error: photoTexts.empty });
  });
});
