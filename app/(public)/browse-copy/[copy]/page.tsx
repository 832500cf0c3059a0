import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BrowseView } from "@/components/browse/browse-view";
import { readCopy } from "@/lib/browse/shared-copy";
import { sharedBrowseContent } from "@/lib/data/browse-cache";
import { browseMetadata } from "@/lib/seo/browse-metadata";

export const metadata: Metadata = browseMetadata;

// /browse's shared copy (lib/browse/shared-copy.ts): one per filter, page, leg and 5-second
// window, rendered on the first request and then served as it is, so a warm view neither renders nor
// runs SQL. Its lists carry the tags the writes expire, so a team or profile change shows at once;
// the window bounds everything else (an urgent day passing, a change made in SQL) to 5 s. Nothing of
// any viewer's is in it: their own marks are drawn in the browser. Only the proxy's rewrite reaches it: a
// request naming /browse-copy/… itself is the 404 page (lib/browse/copy-guard.ts), never rendered here.
export const revalidate = 5;
export const dynamicParams = true;
export async function generateStaticParams(): Promise<{ copy: string }[]> {
  return [];
}

export default async function BrowseCopyPage({ params }: { params: Promise<{ copy: string }> }) {
  const copy = readCopy((await params).copy);
  if (!copy) notFound();
  const content = await sharedBrowseContent(copy.filters, copy.leg);
  return <BrowseView filters={copy.filters} content={content} viewerId={null} mySpecialty={copy.leg} />;
}
