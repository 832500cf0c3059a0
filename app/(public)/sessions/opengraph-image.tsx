import { ogCard, ogContentType, ogSize } from "@/lib/seo/og-card";

export const alt = "Group training sessions around Noosa: swims, rides, runs and bricks";
export const size = ogSize;
export const contentType = ogContentType;

// The session list's card; a session date's page shares it (its details change, the card need not).
export default function Image() {
  return ogCard({
    eyebrow: "Train with others",
    title: "Group training sessions",
    subtitle: "Dawn swims off Main Beach, Noosa Hill repeats, river runs: take a place or join the waitlist.",
  });
}
