import type { LandingPage } from "../types.ts";

export const emergencyMatching: LandingPage = {
  slug: "emergency-triathlon-team-matching",
  title: "Emergency Triathlon Teammate Replacement",
  description: "A relay teammate is injured or out. How to find a like-for-like replacement fast and check the organiser’s substitution rules before race week.",
  eyebrow: "Injury or withdrawal",
  h1: "Emergency matching: replace an injured relay teammate",
  intro: [],
  sections: [],
  faq: [],
  cta: { heading: "", text: "" },
  related: [],
};
