import type { ReactNode } from "react";
import type { LandingPage } from "@/lib/content/landing-pages";
import { LandingCta } from "./landing-cta";
import { LandingFaq } from "./landing-faq";
import { LandingIntro, LandingTitle } from "./landing-hero";
import { LandingJsonLd } from "./landing-json-ld";
import { LandingSectionBlock } from "./landing-section-block";
import { RelatedLandingPages } from "./related-landing-pages";

/**
 * The whole landing page below the site header: its title, then what is live (the urgent teams first, so
 * they are the first screen on a phone), then the page's own text: introduction, guide sections, FAQ,
 * call to action, related guides. `teamsHref` is where the calls to action lead: the open teams that need
 * the leg the live teams ask for.
 */
export function LandingPageView({
  page,
  live,
  teamsHref = "/browse",
}: {
  page: LandingPage;
  live?: ReactNode;
  teamsHref?: string;
}) {
  return (
    <article className="bg-white">
      <LandingTitle page={page} />
      {live}
      <LandingIntro page={page} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        {page.sections.map((section) => (
          <LandingSectionBlock key={section.heading} section={section} />
        ))}
        <LandingFaq faq={page.faq} />
      </div>
      <LandingCta cta={page.cta} teamsHref={teamsHref} />
      <RelatedLandingPages slugs={page.related} />
      <LandingJsonLd page={page} />
    </article>
  );
}
