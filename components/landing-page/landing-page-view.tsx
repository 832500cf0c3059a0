import type { ReactNode } from "react";
import type { LandingPage } from "@/lib/content/landing-pages";
import { LandingCta } from "./landing-cta";
import { LandingFaq } from "./landing-faq";
import { LandingHero } from "./landing-hero";
import { LandingJsonLd } from "./landing-json-ld";
import { LandingSectionBlock } from "./landing-section-block";
import { RelatedLandingPages } from "./related-landing-pages";

/** The whole landing page below the site header: hero, guide sections, FAQ, call to action, related guides. */
export function LandingPageView({ page, numbers }: { page: LandingPage; numbers?: ReactNode }) {
  return (
    <article className="bg-white">
      <LandingHero page={page} />
      {numbers}
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        {page.sections.map((section) => (
          <LandingSectionBlock key={section.heading} section={section} />
        ))}
        <LandingFaq faq={page.faq} />
      </div>
      <LandingCta cta={page.cta} />
      <RelatedLandingPages slugs={page.related} />
      <LandingJsonLd page={page} />
    </article>
  );
}
