import { notFound } from "next/navigation";
import { getLandingPage, landingPages } from "@/lib/content/landing-pages";
import { ogCard, ogContentType, ogSize } from "@/lib/seo/og-card";

type Props = { params: Promise<{ landing: string }> };

export const alt = "Noosa Triathlon relay team matching guide";
export const size = ogSize;
export const contentType = ogContentType;
export const dynamicParams = false;

// One card per landing page, rendered at build time like the pages themselves.
export function generateStaticParams() {
  return landingPages.map((page) => ({ landing: page.slug }));
}

export default async function LandingOpenGraphImage({ params }: Props) {
  const page = getLandingPage((await params).landing);
  if (!page) notFound();
  return ogCard({
    title: page.h1,
    eyebrow: page.eyebrow,
    subtitle: "Free relay teammate matching for the Noosa Triathlon",
  });
}
