import type { Metadata } from "next";
import { pageMetadata } from "./metadata";

/** /browse's social card, served at a fixed address by app/(public)/browse/social-card.png. */
export const browseOgCard = {
  url: "/browse/social-card.png",
  alt: "Browse open triathlon teams and athletes in Noosa",
  card: {
    eyebrow: "Browse",
    title: "Browse teams and athletes",
    subtitle: "Open relay teams and athletes around Noosa looking for a team.",
  },
};

/**
 * /browse's title, description and card, for athletes' and visitors' copies alike (canonical: /browse).
 * The card is named here rather than by a file beside the page, because the shared copy is served
 * from another route (app/(public)/browse-copy).
 */
export const browseMetadata: Metadata = pageMetadata({
  title: "Browse Teams and Athletes",
  description:
    "Open relay teams looking for members and athletes around Noosa looking for a team. Join a team or start one in minutes.",
  path: "/browse",
  image: { url: browseOgCard.url, alt: browseOgCard.alt },
});
