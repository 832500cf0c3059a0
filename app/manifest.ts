import type { MetadataRoute } from "next";
import { site } from "@/lib/site";

/**
 * The web app manifest: what a phone needs to install the site as an app (its name, icons, colours and the
 * page it opens on). Signed out, /dashboard sends the athlete to sign in first.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: site.name,
    short_name: site.shortName,
    description: site.description,
    lang: "en-AU",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    theme_color: site.themeColor,
    background_color: site.backgroundColor,
    categories: ["sports", "social", "health"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
