import type { MetadataRoute } from "next";
import { landingPages, landingPath } from "@/lib/content/landing-pages";
import { publicProfileSitemapEntries } from "@/lib/data/profiles";
import { orFallbackAtBuild } from "@/lib/data/public-cache";
import { openTeamSitemapEntries } from "@/lib/data/public-teams";
import { sessionSitemapEntries } from "@/lib/data/sessions";
import { absoluteUrl } from "@/lib/site";

// Public, indexable routes. /auth and the signed-in user's pages are left out; public athlete profiles
// (shareable pages) are added from the database.
const staticRoutes: { path: string; priority: number; changeFrequency: "daily" | "weekly" | "monthly" }[] = [
  { path: "/", priority: 1, changeFrequency: "weekly" },
  { path: "/browse", priority: 0.9, changeFrequency: "daily" },
  { path: "/sessions", priority: 0.9, changeFrequency: "daily" },
  { path: "/train-with-others-noosa", priority: 0.8, changeFrequency: "daily" },
  { path: "/about-noosa", priority: 0.7, changeFrequency: "monthly" },
  { path: "/training-resources", priority: 0.5, changeFrequency: "monthly" },
  { path: "/privacy-policy", priority: 0.3, changeFrequency: "monthly" },
  { path: "/terms-of-service", priority: 0.3, changeFrequency: "monthly" },
];

// Its profiles and teams carry the public cache's tags, so a profile edit or a team write regenerates it
// on its next request (lib/data/public-cache.ts); the hour is a backstop.
export const revalidate = 3600;

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const lastModified = new Date();
  return [
    ...staticRoutes.map(({ path, priority, changeFrequency }) => ({
      url: absoluteUrl(path),
      lastModified,
      changeFrequency,
      priority,
    })),
    ...landingPages.map((page) => ({
      url: absoluteUrl(landingPath(page)),
      lastModified,
      changeFrequency: "weekly" as const,
      priority: 0.8,
    })),
    // Built without a database: the fixed routes alone, regenerated on the first request. At run time a
    // failed read is thrown, so the last good sitemap stays rather than one without profiles or teams.
    ...(await orFallbackAtBuild(publicProfileSitemapEntries, [], "sitemap profiles")),
    // Open teams' shareable pages; a team that fills up or closes leaves (team writes expire the list).
    ...(await orFallbackAtBuild(openTeamSitemapEntries, [], "sitemap teams")),
    // Upcoming session dates anyone may join (the hour's backstop refreshes the list as dates pass).
    ...(await orFallbackAtBuild(sessionSitemapEntries, [], "sitemap sessions")),
  ];
}
