import { ogCard, ogContentType, ogSize } from "@/lib/seo/og-card";

export const alt = "Noosa Tri Teams privacy policy";
export const size = ogSize;
export const contentType = ogContentType;

export default function Image() {
  return ogCard({
    eyebrow: "Legal",
    title: "Privacy Policy",
    subtitle: "Your data is never sold. No spam.",
  });
}
