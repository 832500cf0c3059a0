import type { LandingPage } from "../types.ts";

export const urgentTeammateNeeded: LandingPage = {
  slug: "urgent-teammate-needed-noosa",
  title: "Urgent Teammate Needed in Noosa: Captain’s Guide",
  description:
    "Your relay has a gap. A captain’s guide to listing the open leg, screening replies and confirming a teammate for the Noosa Triathlon quickly.",
  eyebrow: "For team captains",
  h1: "Urgent teammate needed: a captain’s guide",
  intro: [
    "You are the organiser of your little team: two legs covered, one missing, and the clock running. Getting the right person is less about luck and more about how clearly you ask.",
    "This guide is for captains. It covers the listing, the screening and the moment you say yes.",
  ],
  sections: [
    {
      heading: "Write a listing that does the filtering for you",
      paragraphs: [
        "Your team description is the first thing a candidate reads. Spend five minutes on it. State the missing leg, your team's goal, where and when you train, and anything non-negotiable, such as needing someone who can make a Saturday swim. Tick only the roles you actually need and the experience levels you would genuinely accept; this keeps unsuitable requests away.",
      ],
    },
    {
      heading: "Screen candidates with three questions",
      paragraphs: [
        "Every join request arrives as a message containing the athlete's details and a profile link. Open the profile, then ask:",
      ],
      list: {
        ordered: true,
        items: [
          "Can you cover the full distance of this leg comfortably today?",
          "Are you free on race weekend and for at least one session with us beforehand?",
          "Are you happy with how we are splitting the entry fee and who submits the entry?",
        ],
      },
    },
    {
      heading: "Say yes clearly, and no kindly",
      paragraphs: [
        "When you pick someone, confirm in the conversation and add their details to your team entry through the organiser's process. Tell the other applicants promptly: a short thank-you lets them move on to another team while there is still time.",
        "Then mark the team as full so new requests stop arriving.",
      ],
    },
    {
      heading: "Your responsibilities as captain",
      paragraphs: [
        "You are usually the person who deals with the organiser, so you own the accuracy of the entry and any member changes. Keep a copy of their current relay rules and share it with the team. Be transparent about money: everyone should see what the organiser charges and how it is divided. Listing your team here is free, and we play no part in the organiser's entry system.",
        "Set a safe tone for a team of near-strangers. Suggest public meeting places, ride or swim in groups, and let new members choose when they share personal contact details.",
      ],
    },
  ],
  faq: [
    {
      question: "How many roles should I tick when creating the team?",
      answer:
        "Only the ones still open. Ticking every role invites requests for legs you have already filled.",
    },
    {
      question: "How do I stop requests once the team is complete?",
      answer:
        "Set the status to full. The team drops off the open-teams list on Browse and no one can request to join.",
    },
    {
      question: "What if two great athletes want the same leg?",
      answer:
        "Pick one, and point the other towards teams that need their discipline. Good captains are remembered next season.",
    },
  ],
  cta: {
    heading: "Post the gap where athletes are looking",
    text: "Create or reopen your team, describe the missing leg, and message listed athletes in that discipline while the requests come in.",
  },
  related: [
    "emergency-triathlon-team-matching",
    "need-triathlon-teammates-now",
    "quick-team-matching-noosa",
    "relay-team-spots-closing-soon",
  ],
};
