import { ogCard, ogContentType, ogSize } from "@/lib/seo/og-card";

export const alt = "Train with others around Noosa: group swims, rides and runs, and training partners";
export const size = ogSize;
export const contentType = ogContentType;

export default function Image() {
  return ogCard({
    eyebrow: "Group training in Noosa",
    title: "Train with others",
    subtitle: "Join a group swim, ride or run, or find athletes open to training partners.",
  });
}
