import type { LandingPage } from "../types.ts";

export const needTeammatesNow: LandingPage = {
  slug: "need-triathlon-teammates-now",
  title: "Need Triathlon Teammates Now? Build a Relay",
  description: "You are one athlete and need two more. How to build a Noosa Triathlon relay from scratch: fill the other legs, pitch the team, agree on the basics.",
  eyebrow: "Build from scratch",
  h1: "Need triathlon teammates now? Build your relay from one",
  intro: [],
  sections: [],
  faq: [],
  cta: { heading: "", text: "" },
  related: [],
};
