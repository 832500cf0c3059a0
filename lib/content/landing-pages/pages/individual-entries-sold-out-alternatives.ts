import type { LandingPage } from "../types.ts";

export const soldOutAlternatives: LandingPage = {
  slug: "individual-entries-sold-out-alternatives",
  title: "Individual Entries Sold Out? Relay Alternatives",
  description: "Missed out on an individual Noosa Triathlon entry? A relay leg, other races and training goals are real alternatives. Here is how to weigh them.",
  eyebrow: "Sold out",
  h1: "Individual entries sold out? Your alternatives",
  intro: [],
  sections: [],
  faq: [],
  cta: { heading: "", text: "" },
  related: [],
};
