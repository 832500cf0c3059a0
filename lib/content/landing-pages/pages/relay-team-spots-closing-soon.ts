import type { LandingPage } from "../types.ts";

export const spotsClosingSoon: LandingPage = {
  slug: "relay-team-spots-closing-soon",
  title: "Relay Team Spots Closing Soon: A Countdown Plan",
  description: "Relay spots are going and you still have no team. A countdown plan by stage, from weeks out to the final days, without guesswork about dates.",
  eyebrow: "Countdown plan",
  h1: "Relay spots closing soon: a countdown plan",
  intro: [],
  sections: [],
  faq: [],
  cta: { heading: "", text: "" },
  related: [],
};
