import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/lib/site";

/** Signed-in areas and auth callbacks have nothing for search engines. */
const protectedPaths = [
  "/dashboard",
  "/profile$", // only the own-profile page: shared /profile/{id} pages stay indexable
  "/edit-profile",
  "/create-profile",
  "/messages",
  // A team's own page, /teams/{id}, is public and shareable (docs/product.md#public-team-pages); the rest of /teams is not.
  "/teams$",
  "/teams/create",
  "/teams/*/edit",
  "/teams/*/join",
  "/teams/*/viewer",
  "/auth/confirm",
  "/account",
];

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: protectedPaths }],
    sitemap: absoluteUrl("/sitemap.xml"),
    host: absoluteUrl("/"),
  };
}
