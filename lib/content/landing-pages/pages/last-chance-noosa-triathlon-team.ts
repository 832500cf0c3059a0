import type { LandingPage } from "../types.ts";

export const lastChance: LandingPage = {
  slug: "last-chance-noosa-triathlon-team",
  title: "Last Chance to Join a Noosa Triathlon Team",
  description: "The last push to get into a Noosa relay: widen your search, stay flexible on your leg and know what to do if this year does not work out.",
  eyebrow: "Final push",
  h1: "Last chance for a Noosa triathlon team",
  intro: [],
  sections: [],
  faq: [],
  cta: { heading: "", text: "" },
  related: [],
};
