import { teamFinderLandingPath } from "@/lib/site";

export type FooterLink = { href: string; label: string };

/** Exactly the footer links of docs/product.md#layout (FAQ and Contact Us point at /browse, as listed there). */
export const footerSections: { title: string; links: FooterLink[] }[] = [
  {
    title: "Quick Links",
    links: [
      { href: "/auth", label: "Get Started" },
      { href: "/browse", label: "Browse Teams" },
      { href: "/about-noosa", label: "About" },
      { href: "/training-resources", label: "Training Resources" },
    ],
  },
  {
    title: "Find a Team Fast",
    links: [
      { href: teamFinderLandingPath, label: "Find a Triathlon Team in Noosa" },
      { href: "/urgent-triathlon-team-noosa", label: "Urgent Triathlon Team" },
      { href: "/need-triathlon-teammates-now", label: "Need Teammates Now" },
      { href: "/emergency-triathlon-team-matching", label: "Emergency Team Matching" },
    ],
  },
  {
    title: "Support",
    links: [
      { href: "/browse", label: "FAQ" },
      { href: "/browse", label: "Contact Us" },
      { href: "/privacy-policy", label: "Privacy Policy" },
      { href: "/terms-of-service", label: "Terms of Service" },
    ],
  },
];
