import { absoluteUrl, event, site } from "@/lib/site";

type JsonLdObject = Record<string, unknown>;

/**
 * Renders schema.org data as a JSON-LD script. "<" is escaped so text in the data can never close the
 * script element early (the content is our own, but the escape costs nothing).
 */
export function JsonLd({ data }: { data: JsonLdObject | JsonLdObject[] }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

const organizationId = absoluteUrl("/#organization");

export function organizationJsonLd(): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId,
    name: site.name,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/icon.svg"),
    email: site.contactEmail,
    address: { "@type": "PostalAddress", streetAddress: site.addressLine, addressCountry: "AU" },
    sameAs: site.social.map((social) => social.href),
  };
}

export function websiteJsonLd(): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": absoluteUrl("/#website"),
    name: site.name,
    url: absoluteUrl("/"),
    description: site.description,
    inLanguage: "en-AU",
    publisher: { "@id": organizationId },
  };
}

export function faqJsonLd(items: readonly { question: string; answer: string }[]): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** The race as a schema.org SportsEvent. Its date changes yearly and is not a product fact, so none is given. */
export function sportsEventJsonLd(): JsonLdObject {
  const { swimKm, bikeKm, runKm } = event.distances;
  return {
    "@context": "https://schema.org",
    "@type": "SportsEvent",
    name: event.name,
    sport: "Triathlon",
    description: `Olympic-distance triathlon in Noosa, Queensland: ${swimKm} km swim, ${bikeKm} km bike, ${runKm} km run. First held in ${event.firstHeld} with ${event.firstFieldSize} competitors; today it draws ${event.individualTriathletes} individual triathletes.`,
    url: event.organiserUrl,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: "Noosa Heads",
      address: {
        "@type": "PostalAddress",
        addressLocality: "Noosa Heads",
        addressRegion: "QLD",
        addressCountry: "AU",
      },
      geo: { "@type": "GeoCoordinates", latitude: site.weatherPoint.lat, longitude: site.weatherPoint.lon },
    },
    organizer: { "@type": "Organization", name: "Noosa Triathlon organisers", url: event.organiserUrl },
  };
}

/**
 * A relay team's public page as a schema.org SportsTeam (docs/product.md#public-team-pages): name, place, what it is about, and the
 * members whose profiles are public (others are left out, as on the page).
 */
export function sportsTeamJsonLd(team: {
  id: string;
  name: string;
  description: string;
  location: string | null;
  members: readonly {
    profile_id: string;
    full_name: string | null;
    profile_public: boolean;
    status: string;
  }[];
}): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "SportsTeam",
    "@id": absoluteUrl(`/teams/${team.id}#team`),
    name: team.name,
    sport: "Triathlon",
    description: team.description,
    url: absoluteUrl(`/teams/${team.id}`),
    location: {
      "@type": "Place",
      name: team.location ?? "Noosa",
      address: { "@type": "PostalAddress", addressRegion: "QLD", addressCountry: "AU" },
    },
    athlete: team.members
      .filter((m) => m.status === "active" && m.profile_public && m.full_name)
      .map((m) => ({ "@type": "Person", name: m.full_name, url: absoluteUrl(`/profile/${m.profile_id}`) })),
    memberOf: { "@id": organizationId },
  };
}
