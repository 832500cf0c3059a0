import { ogCard, ogContentType, ogSize } from "@/lib/seo/og-card";

export const alt = "Browse open triathlon teams and athletes in Noosa";
export const size = ogSize;
export const contentType = ogContentType;

export default function Image() {
  return ogCard({
    eyebrow: "Browse",
    title: "Browse teams and athletes",
    subtitle: "Open relay teams and athletes around Noosa looking for a team.",
  });
}
