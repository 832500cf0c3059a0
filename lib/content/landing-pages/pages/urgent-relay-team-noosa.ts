import type { LandingPage } from "../types.ts";

export const urgentRelayTeam: LandingPage = {
  slug: "urgent-relay-team-noosa",
  title: "Urgent Relay Team for Noosa: Pick Your Leg",
  description: "How the Noosa Triathlon relay splits into a 1.5 km swim, 40 km bike and 10 km run, and how to choose the leg you can race well on short notice.",
  eyebrow: "Relay format",
  h1: "Urgent relay team for Noosa: choose the right leg",
  intro: [],
  sections: [],
  faq: [],
  cta: { heading: "", text: "" },
  related: [],
};
