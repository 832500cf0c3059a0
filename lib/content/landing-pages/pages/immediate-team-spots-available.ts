import type { LandingPage } from "../types.ts";

export const immediateSpots: LandingPage = {
  slug: "immediate-team-spots-available",
  title: "Immediate Team Spots Available: Join a Team",
  description: "Relay teams with an open leg are listed right now. How to read a team card, pick the right spot and send a join request that gets a yes.",
  eyebrow: "Open spots",
  h1: "Open relay spots you can request today",
  intro: [],
  sections: [],
  faq: [],
  cta: { heading: "", text: "" },
  related: [],
};
