import { getImageProps } from "next/image";

/**
 * What an `<img>` of a face takes from Next's image optimisation: the optimised address and the srcset of
 * every configured width (next.config.ts `images`), so the `<img>`'s own `sizes` picks the width for its
 * size and the screen's density, as next/image's component would. Made where the page is rendered, from a
 * signed address (lib/photos/urls.ts), so that no page ships next/image's component and loader to the
 * browser (about 8 kB of gzipped script on /browse and a public profile).
 */
export type FaceImage = { src: string; srcSet: string };

export function faceImage(url: string): FaceImage {
  // With `sizes` set the srcset lists every configured width whatever the width given, so one FaceImage
  // serves a face of any size (components/ui/athlete-photo.tsx sets `sizes` to its own).
  const { props } = getImageProps({ src: url, alt: "", width: 128, height: 128, sizes: "128px" });
  return { src: props.src, srcSet: props.srcSet ?? "" };
}
