import type { Metadata } from "next";
import { BrowseView } from "@/components/browse/browse-view";
import { getClaims } from "@/lib/auth/session";
import { parseFilters } from "@/lib/browse/filters";
import { browseListings } from "@/lib/data/browse-cache";
import { browseMetadata } from "@/lib/seo/browse-metadata";

export const metadata: Metadata = browseMetadata;

/**
 * /browse for a signed-in athlete, rendered per request: what it shows depends on the viewer (their own
 * team and card, "needs my specialty", blocks both ways) and must be current. Visitors never reach this
 * page: the proxy shows them the shared copy for their filters (app/(public)/visitor-browse).
 */
export default async function BrowsePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filters = parseFilters(await searchParams);
  const claims = await getClaims();
  const { me, listings } = await browseListings(claims, filters);
  return <BrowseView filters={filters} listings={listings} viewerId={claims?.sub ?? null} me={me} />;
}
