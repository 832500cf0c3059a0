import type { Metadata } from "next";
import { VideoGallery } from "@/components/landing/video-gallery";
import { aboutVideos, galleryIntro } from "@/components/landing/videos";
import { PageIntro } from "@/components/layout/page-intro";
import { LinkButton } from "@/components/ui/button";
import { SectionHeading } from "@/components/ui/section-heading";
import { JsonLd, sportsEventJsonLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { event } from "@/lib/site";
import { diningAreas, externalLinks } from "./about-content";

export const metadata: Metadata = pageMetadata({
  title: "About Noosa and the Noosa Triathlon",
  description: `Noosa, Queensland and its Olympic-distance triathlon: ${event.distances.swimKm} km swim, ${event.distances.bikeKm} km bike, ${event.distances.runKm} km run, first held in ${event.firstHeld}.`,
  path: "/about-noosa",
});

export default function AboutNoosaPage() {
  const { swimKm, bikeKm, runKm } = event.distances;
  return (
    <>
      <PageIntro eyebrow="The place and the race" title="About Noosa">
        <p>
          Noosa sits on Queensland&apos;s Sunshine Coast, about two hours north of Brisbane: a sheltered main
          beach, a national park on the headland and a river winding through Noosaville. Every year it hosts
          one of the biggest triathlons in the world.
        </p>
      </PageIntro>

      <section aria-labelledby="event-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <SectionHeading id="event-title" title={`The ${event.name}`} center={false} />
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          <div className="space-y-4 text-lg text-slate-800">
            <p>
              The {event.name} is raced over the Olympic distance. It was first held in {event.firstHeld} with{" "}
              {event.firstFieldSize} competitors and has grown to {event.individualTriathletes} individual
              triathletes, plus relay teams who split the three legs between them.
            </p>
            <p>
              Relay teams are how many locals first race Noosa: a swimmer, a rider and a runner share one
              entry. That is also why late withdrawals hurt — and why this site exists.
            </p>
          </div>
          <dl className="grid grid-cols-3 gap-3 text-center lg:grid-cols-1">
            {[
              ["Swim", swimKm],
              ["Bike", bikeKm],
              ["Run", runKm],
            ].map(([leg, km]) => (
              <div key={leg} className="bg-ocean-50 ring-ocean-100 rounded-2xl p-4 ring-1">
                <dt className="text-ocean-800 text-sm font-semibold">{leg}</dt>
                <dd className="text-ocean-950 text-2xl font-extrabold">{km} km</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="videos-title" className="bg-sand-100 py-12">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading id="videos-title" title="Watch the course" intro={galleryIntro(aboutVideos)} />
          <div className="mx-auto max-w-4xl">
            <VideoGallery videos={aboutVideos} columns={2} />
          </div>
        </div>
      </section>

      <section aria-labelledby="dining-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <SectionHeading
          id="dining-title"
          title="Where to eat"
          intro="Where teams meet before and after training."
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {diningAreas.map((area) => (
            <li key={area.name} className="rounded-2xl border border-slate-200 p-6 shadow-sm">
              <p className="text-sunset-700 text-sm font-semibold">{area.kind}</p>
              <h3 className="text-ocean-900 mt-1 text-lg font-bold">{area.name}</h3>
              <p className="mt-2 text-slate-700">{area.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="links-title" className="bg-ocean-50 py-12">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading id="links-title" title="Useful links" />
          <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2">
            {externalLinks.map((link) => (
              <li key={link.href} className="rounded-2xl bg-white p-5 shadow-sm">
                <a
                  href={link.href}
                  className="text-ocean-800 font-semibold underline underline-offset-2"
                  rel="noopener"
                >
                  {link.label}
                </a>
                <p className="mt-1 text-sm text-slate-700">{link.note}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10 text-center">
            <LinkButton href="/browse" size="lg">
              Find a team for race day
            </LinkButton>
          </div>
        </div>
      </section>
      <JsonLd data={sportsEventJsonLd()} />
    </>
  );
}
