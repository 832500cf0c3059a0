import { ogCard, ogContentType, ogSize } from "@/lib/seo/og-card";

export const alt = "Noosa Tri Teams terms of service";
export const size = ogSize;
export const contentType = ogContentType;

export default function Image() {
  return ogCard({
    eyebrow: "Legal",
    title: "Terms of Service",
    subtitle: "A free matching service for triathletes, under Queensland law.",
  });
}
