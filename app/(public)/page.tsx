import type { Metadata } from "next";
import { ClosingCta } from "@/components/landing/closing-cta";
import { Faq } from "@/components/landing/faq";
import { FeatureCards } from "@/components/landing/feature-cards";
import { Hero } from "@/components/landing/hero";
import { HowItWorks } from "@/components/landing/how-it-works";
import { LiveNumbersBand } from "@/components/landing/live-numbers";
import { UseCases } from "@/components/landing/use-cases";
import { VideoGallery } from "@/components/landing/video-gallery";
import { landingVideos, galleryIntro } from "@/components/landing/videos";
import { SectionHeading } from "@/components/ui/section-heading";
import { JsonLd, organizationJsonLd, websiteJsonLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { alt as homeOgAlt } from "../opengraph-image";

// The home card is app/opengraph-image.tsx, one segment above this route group: a page-level openGraph
// object replaces the layout's, so the image is named here explicitly.
export const metadata: Metadata = pageMetadata({
  title: "Find Triathlon Training Partners and Relay Teams in Noosa",
  description:
    "Free team finder for the Noosa Triathlon: meet swimmers, cyclists and runners, fill a withdrawn teammate's leg and form a relay team fast.",
  path: "/",
  image: { url: "/opengraph-image", alt: homeOgAlt },
});

// Static; the live numbers carry the public cache's tags (lib/data/public-cache.ts), five minutes is the backstop.
export const revalidate = 300;

export default function HomePage() {
  return (
    <>
      {/* The site's Organization and WebSite, on the home page as search engines look for them there;
          every other page carried the same 2 kB twice (HTML and payload) before it moved here (docs/performance.md#page-weight). */}
      <JsonLd data={[organizationJsonLd(), websiteJsonLd()]} />
      <Hero />
      <LiveNumbersBand />
      <FeatureCards />
      <HowItWorks />
      <UseCases />
      <section aria-labelledby="videos-title" className="py-16 md:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="videos-title"
            eyebrow="See the course"
            title="Race day in Noosa"
            intro={galleryIntro(landingVideos)}
          />
          <VideoGallery videos={landingVideos} />
        </div>
      </section>
      <Faq />
      <ClosingCta />
    </>
  );
}
