import type { LandingPage } from "../types.ts";

export const sameDayRegistration: LandingPage = {
  slug: "same-day-team-registration",
  title: "Same-Day Team Registration: What Is Realistic",
  description: "Hoping to form a team and enter in race week or on the day? What is realistic, what depends on the organiser, and what you can still do today.",
  eyebrow: "Race week",
  h1: "Same-day team registration: what is realistic",
  intro: [],
  sections: [],
  faq: [],
  cta: { heading: "", text: "" },
  related: [],
};
