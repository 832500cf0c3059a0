import type { LandingPage } from "../types.ts";

export const urgentTeam: LandingPage = {
  slug: "urgent-triathlon-team-noosa",
  title: "Urgent Triathlon Team in Noosa: 48-Hour Plan",
  description: "No team and the Noosa Triathlon is close? A 48-hour plan to pick your leg, get listed and land a relay team without wasting a day.",
  eyebrow: "48-hour plan",
  h1: "No team yet? Your 48-hour plan for Noosa",
  intro: [],
  sections: [],
  faq: [],
  cta: { heading: "", text: "" },
  related: [],
};
