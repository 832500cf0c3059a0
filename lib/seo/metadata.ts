import type { Metadata } from "next";
import { site } from "@/lib/site";

type PageMetadataInput = {
  /** Page title without the product suffix; the root layout's template appends " | <name>". */
  title: string;
  description: string;
  /** Site-relative path of the page, used for the canonical URL and og:url. */
  path: string;
  noindex?: boolean;
};

/**
 * Title, description, canonical URL and the Open Graph / Twitter tags of one page. The 1200×630 image
 * comes from the route's `opengraph-image.tsx` (file metadata), which Next merges into these tags.
 */
export function pageMetadata({ title, description, path, noindex }: PageMetadataInput): Metadata {
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
    },
    twitter: { card: "summary_large_image", title: fullTitle, description },
    ...(noindex ? { robots: { index: false, follow: true } } : {}),
  };
}
