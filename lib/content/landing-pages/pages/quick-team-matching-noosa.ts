import type { LandingPage } from "../types.ts";

export const quickMatching: LandingPage = {
  slug: "quick-team-matching-noosa",
  title: "Quick Team Matching in Noosa: 10-Minute Checklist",
  description: "A ten-minute checklist to go from no account to messaging possible Noosa relay teammates, with the profile details that get replies.",
  eyebrow: "10 minutes",
  h1: "Quick team matching: the 10-minute checklist",
  intro: [],
  sections: [],
  faq: [],
  cta: { heading: "", text: "" },
  related: [],
};
