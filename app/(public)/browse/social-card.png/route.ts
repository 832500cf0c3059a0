import { browseOgCard } from "@/lib/seo/browse-metadata";
import { ogCard } from "@/lib/seo/og-card";

// /browse's 1200×630 card at a fixed address, named in both copies' metadata (lib/seo/browse-metadata.ts):
// the visitors' copy lives under another path, where a file-based opengraph-image would not reach it.
export const dynamic = "force-static";

export function GET() {
  return ogCard(browseOgCard.card);
}
