import type { Metadata } from "next";
import { AthleteCard } from "@/components/browse/athlete-card";
import { PageIntro } from "@/components/layout/page-intro";
import { SessionCard } from "@/components/sessions/session-card";
import { LinkButton } from "@/components/ui/button";
import { orFallbackAtBuild } from "@/lib/data/public-cache";
import { getOpenToTraining, getUpcomingSessionsForSearchers } from "@/lib/data/train-with-others";
import { JsonLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { sessionPath } from "@/lib/sessions/format";
import { absoluteUrl, site } from "@/lib/site";

const path = "/train-with-others-noosa";
const title = "Train with others in Noosa: group swims, rides and runs";
const description =
  "Join a free group training session around Noosa or find athletes open to training partners: swims at Main Beach, rides up Noosa Hill, runs along the river.";

export const metadata: Metadata = pageMetadata({ title, description, path });

// Static, like the other landing pages. Its sessions and athletes carry the public cache's tags, so a
// session posted, answered or cancelled, or a profile edit, regenerates it on its next request
// (lib/data/public-cache.ts); five minutes is the backstop (a date that has started drops off by then).
export const revalidate = 300;

export default async function TrainWithOthersPage() {
  // Built without a database: without the live parts, regenerated on the first request.
  const [sessions, partners] = await Promise.all([
    orFallbackAtBuild(() => getUpcomingSessionsForSearchers(), null, "upcoming sessions"),
    orFallbackAtBuild(() => getOpenToTraining(), null, "athletes open to training"),
  ]);
  const jsonLd = {
    "@context": "https://schema.org",
    "@graph": [
      { "@type": "WebPage", name: title, description, url: absoluteUrl(path) },
      {
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: site.name, item: absoluteUrl("/") },
          { "@type": "ListItem", position: 2, name: "Train with others", item: absoluteUrl(path) },
        ],
      },
      ...(sessions && sessions.length
        ? [
            {
              "@type": "ItemList",
              name: "Upcoming group sessions",
              itemListElement: sessions.map((s, i) => ({
                "@type": "ListItem",
                position: i + 1,
                url: absoluteUrl(sessionPath(s.occurrence_id)),
                name: s.title,
              })),
            },
          ]
        : []),
    ],
  };
  return (
    <>
      <JsonLd data={jsonLd} />
      <PageIntro eyebrow="Group training in Noosa" title="Train with others">
        <p>
          Training is easier and more fun with company. Join a group swim, ride or run posted by local
          athletes, or find someone of your leg near you who is open to training partners, whether or not they
          race in a relay team.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10 sm:px-6">
        <section aria-labelledby="upcoming-title" className="space-y-4">
          <h2 id="upcoming-title" className="text-ocean-950 text-2xl font-bold">
            Upcoming group sessions
          </h2>
          {sessions === null ? null : sessions.length > 0 ? (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {sessions.map((s) => (
                <SessionCard key={s.occurrence_id} s={s} />
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">No sessions are posted yet: be the first to post one.</p>
          )}
          <div className="flex flex-wrap gap-3">
            <LinkButton href="/sessions">See all sessions</LinkButton>
            <LinkButton href="/sessions/new" variant="secondary">
              Post a session
            </LinkButton>
          </div>
        </section>
        <section aria-labelledby="partners-title" className="space-y-4">
          <h2 id="partners-title" className="text-ocean-950 text-2xl font-bold">
            Athletes open to training partners
          </h2>
          {partners === null ? null : partners.items.length > 0 ? (
            <div className="listing-grid">
              {partners.items.map((athlete) => (
                <AthleteCard key={athlete.id} athlete={athlete} viewerId={null} />
              ))}
            </div>
          ) : (
            <p className="text-slate-700">Nobody has said they are open to training partners yet.</p>
          )}
          <div className="flex flex-wrap gap-3">
            <LinkButton href="/browse?view=partners">Find training partners</LinkButton>
            <LinkButton href="/auth" variant="secondary">
              List yourself
            </LinkButton>
          </div>
        </section>
      </div>
    </>
  );
}
