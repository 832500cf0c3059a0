import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BrowseView } from "@/components/browse/browse-view";
import { readCopy } from "@/lib/browse/visitor-view";
import { browseListings } from "@/lib/data/browse-cache";
import { browseMetadata } from "@/lib/seo/browse-metadata";

export const metadata: Metadata = browseMetadata;

// Visitors' /browse (issue 22, lib/browse/visitor-view.ts): one copy per filter and page and 5-second
// window, rendered on the first request and then served as it is, so a warm view neither renders nor
// runs SQL. Its lists carry the tags the writes expire, so a team or profile change shows at once;
// the window bounds everything else (an urgent day passing, a change made in SQL) to 5 s.
export const revalidate = 5;
export const dynamicParams = true;
export async function generateStaticParams(): Promise<{ copy: string }[]> {
  return [];
}

export default async function VisitorBrowsePage({ params }: { params: Promise<{ copy: string }> }) {
  const filters = readCopy((await params).copy);
  if (!filters) notFound();
  const { listings } = await browseListings(null, filters);
  return <BrowseView filters={filters} listings={listings} viewerId={null} me={null} />;
}
