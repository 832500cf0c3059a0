import { ogCard, ogContentType, ogSize } from "@/lib/seo/og-card";

export const alt = "Noosa Tri Teams: find triathlon training partners and relay teams in Noosa";
export const size = ogSize;
export const contentType = ogContentType;

export default function Image() {
  return ogCard({
    eyebrow: "Free team finder",
    title: "Find your Noosa triathlon team — fast",
    subtitle: "Training partners and last-minute relay teammates for swimmers, cyclists and runners.",
  });
}
