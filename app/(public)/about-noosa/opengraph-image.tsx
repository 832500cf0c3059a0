import { ogCard, ogContentType, ogSize } from "@/lib/seo/og-card";
import { event } from "@/lib/site";

export const alt = "About Noosa and the Noosa Triathlon";
export const size = ogSize;
export const contentType = ogContentType;

export default function Image() {
  const { swimKm, bikeKm, runKm } = event.distances;
  return ogCard({
    eyebrow: "The place and the race",
    title: `About Noosa and the ${event.name}`,
    subtitle: `${swimKm} km swim · ${bikeKm} km bike · ${runKm} km run — first held in ${event.firstHeld}.`,
  });
}
