import { teamFinderLandingPath } from "@/lib/site";
import type { LandingPage } from "../types.ts";

export const findATeam: LandingPage = {
  slug: teamFinderLandingPath.slice(1),
  title: "Find a Triathlon Relay Team in Noosa",
  description: "Swimmer, cyclist or runner looking for a Noosa Triathlon relay team? Here is how to find teammates fast, for free, and what to sort out with the organiser.",
  eyebrow: "Start here",
  h1: "Find a triathlon relay team in Noosa",
  intro: [],
  sections: [],
  faq: [],
  cta: { heading: "", text: "" },
  related: [],
};
