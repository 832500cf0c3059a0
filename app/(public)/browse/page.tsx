import type { Metadata } from "next";
import { BrowseView } from "@/components/browse/browse-view";
import { getClaims } from "@/lib/auth/session";
import { parseFilters } from "@/lib/browse/filters";
import { browseContent } from "@/lib/data/browse-cache";
import { browseMetadata } from "@/lib/seo/browse-metadata";

export const metadata: Metadata = browseMetadata;

/**
 * /browse rendered for one signed-in athlete, per request: for those whose view differs from the shared
 * copy (a block either way), or when the proxy could not ask. Everyone else
 * is shown the shared copy for their filters (lib/browse/shared-copy.ts, app/(public)/browse-copy).
 */
export default async function BrowsePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filters = parseFilters(await searchParams);
  const claims = await getClaims();
  const { me, content } = await browseContent(claims, filters);
  return (
    <BrowseView
      filters={filters}
      content={content}
      viewerId={claims?.sub ?? null}
      mySpecialty={me?.specialty ?? null}
    />
  );
}
