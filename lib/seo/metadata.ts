import type { Metadata } from "next";
import { site } from "@/lib/site";
import { ogContentType, ogSize } from "./og-card";

type PageMetadataInput = {
  /** Page title without the product suffix; the root layout's template appends " | <name>". */
  title: string;
  description: string;
  /** Site-relative path of the page, used for the canonical URL and og:url. */
  path: string;
  noindex?: boolean;
  /**
   * The card's address, when it is not a file beside the page: a page-level openGraph object replaces a
   * parent segment's, and a route can be served at another path (the visitors' /browse).
   */
  image?: { url: string; alt: string };
};

/**
 * Title, description, canonical URL and the Open Graph / Twitter tags of one page. The 1200×630 image
 * comes from the route's `opengraph-image.tsx` (file metadata), which Next merges into these tags, or
 * from `image`.
 */
export function pageMetadata({ title, description, path, noindex, image }: PageMetadataInput): Metadata {
  const fullTitle = `${title} | ${site.name}`;
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title: fullTitle,
      description,
      url: path,
      siteName: site.name,
      locale: site.locale,
      type: "website",
      ...(image ? { images: [{ ...image, ...ogSize, type: ogContentType }] } : {}),
    },
    twitter: { card: "summary_large_image", title: fullTitle, description },
    ...(noindex ? { robots: { index: false, follow: true } } : {}),
  };
}
