import { ogCard, ogContentType, ogSize } from "@/lib/seo/og-card";

export const alt = "Triathlon training resources for Noosa athletes";
export const size = ogSize;
export const contentType = ogContentType;

export default function Image() {
  return ogCard({
    eyebrow: "Coming soon",
    title: "Training Resources",
    subtitle: "Swimming, cycling, running, transitions, nutrition and mental training guides.",
  });
}
