import type { LandingPage } from "../types.ts";

export const urgentTeammateNeeded: LandingPage = {
  slug: "urgent-teammate-needed-noosa",
  title: "Urgent Teammate Needed in Noosa: Captain’s Guide",
  description: "Your relay has a gap. A captain’s guide to listing the open leg, screening replies and confirming a teammate for the Noosa Triathlon quickly.",
  eyebrow: "For team captains",
  h1: "Urgent teammate needed: a captain’s guide",
  intro: [],
  sections: [],
  faq: [],
  cta: { heading: "", text: "" },
  related: [],
};
