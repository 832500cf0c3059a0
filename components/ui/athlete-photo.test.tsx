// eslint-disable-next-line no-restricted-imports -- the component the plain <img> must match, rendered here only
import Image from "next/image";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { faceImage } from "@/lib/photos/face-image";
import { AthletePhoto, type AthletePhotoSize } from "./athlete-photo";

const url =
  "https://project.supabase.co/storage/v1/object/sign/avatars/a1b2/c3d4-128.webp?token=eyJhbGciOiJFUzI1NiJ9.e30.sig";

/** An element's attributes by name (React's markup: one element, double-quoted values). */
function attributes(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
}

describe("AthletePhoto", () => {
  const cases: [AthletePhotoSize, number][] = [
    ["xs", 36],
    ["sm", 44],
    ["md", 64],
    ["xl", 80],
    ["lg", 128],
  ];
  it.each(cases)("size %s: the <img> next/image's component would render, without its script", (size, px) => {
    const html = renderToStaticMarkup(
      <AthletePhoto name="Mia Lawson" image={faceImage(url)} size={size} className="ring-2" />,
    );
    const theirs = renderToStaticMarkup(
      <Image src={url} alt="" width={px} height={px} sizes={`${px}px`} className={attributes(html).class} />,
    );
    const { "data-nimg": marker, ...expected } = attributes(theirs);
    expect(marker).toBe("1");
    expect(attributes(html)).toEqual(expected);
    // Every address goes through the optimisation, at every configured width.
    expect(expected.srcset!.split(", ").length).toBeGreaterThan(1);
    expect(expected.src).toMatch(/^\/_next\/image\?url=https%3A%2F%2Fproject\.supabase\.co%2F/);
  });

  it("initials when there is no photo, hidden from assistive technology unless labelled", () => {
    expect(renderToStaticMarkup(<AthletePhoto name="Mia Lawson" image={null} />)).toMatch(
      /^<span aria-hidden="true" class="[^"]*">ML<\/span>$/,
    );
    expect(renderToStaticMarkup(<AthletePhoto name="Mia Lawson" image={null} label="Mia" />)).toMatch(
      /^<span role="img" aria-label="Mia" class="[^"]*">ML<\/span>$/,
    );
  });
});
