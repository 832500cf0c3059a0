import type { LandingPage } from "./types.ts";
import { findATeam } from "./pages/find-a-triathlon-team-noosa.ts";
import { urgentTeam } from "./pages/urgent-triathlon-team-noosa.ts";
import { needTeammatesNow } from "./pages/need-triathlon-teammates-now.ts";
import { soldOutAlternatives } from "./pages/individual-entries-sold-out-alternatives.ts";
import { spotsClosingSoon } from "./pages/relay-team-spots-closing-soon.ts";
import { emergencyMatching } from "./pages/emergency-triathlon-team-matching.ts";
import { immediateSpots } from "./pages/immediate-team-spots-available.ts";
import { urgentRelayTeam } from "./pages/urgent-relay-team-noosa.ts";
import { lastChance } from "./pages/last-chance-noosa-triathlon-team.ts";
import { quickMatching } from "./pages/quick-team-matching-noosa.ts";
import { sameDayRegistration } from "./pages/same-day-team-registration.ts";
import { urgentTeammateNeeded } from "./pages/urgent-teammate-needed-noosa.ts";

export type { LandingFaq, LandingPage, LandingSection } from "./types.ts";

/** The twelve search landing pages, in a fixed order (sitemap, tests). */
export const landingPages: LandingPage[] = [
  findATeam,
  urgentTeam,
  needTeammatesNow,
  soldOutAlternatives,
  spotsClosingSoon,
  emergencyMatching,
  immediateSpots,
  urgentRelayTeam,
  lastChance,
  quickMatching,
  sameDayRegistration,
  urgentTeammateNeeded,
];

const bySlug = new Map(landingPages.map((page) => [page.slug, page]));

/** The page for a slug (without leading slash), or undefined for any other path segment. */
export function getLandingPage(slug: string): LandingPage | undefined {
  return bySlug.get(slug);
}

/** Site-relative path of a landing page. */
export function landingPath(page: Pick<LandingPage, "slug">): string {
  return `/${page.slug}`;
}
