import type { MetadataRoute } from "next";
import { landingPages, landingPath } from "@/lib/content/landing-pages";
import { absoluteUrl } from "@/lib/site";

// Public, indexable routes. /auth and profile pages are left out: a sign-in form and user pages are not
// search destinations (profiles are reachable from Browse and shared links).
const staticRoutes: { path: string; priority: number; changeFrequency: "daily" | "weekly" | "monthly" }[] = [
  { path: "/", priority: 1, changeFrequency: "weekly" },
  { path: "/browse", priority: 0.9, changeFrequency: "daily" },
  { path: "/about-noosa", priority: 0.7, changeFrequency: "monthly" },
  { path: "/training-resources", priority: 0.5, changeFrequency: "monthly" },
  { path: "/privacy-policy", priority: 0.3, changeFrequency: "monthly" },
  { path: "/terms-of-service", priority: 0.3, changeFrequency: "monthly" },
];

export default function sitemap(): MetadataRoute.Sitemap {
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
  ];
}
