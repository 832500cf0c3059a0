import type { LandingPage } from "../types.ts";

export const emergencyMatching: LandingPage = {
  slug: "emergency-triathlon-team-matching",
  title: "Emergency Triathlon Teammate Replacement",
  description:
    "A relay teammate is injured or out. How to find a like-for-like replacement fast and check the organiser’s substitution rules before race week.",
  eyebrow: "Injury or withdrawal",
  h1: "Emergency matching: replace an injured relay teammate",
  intro: [
    "A torn calf, a work trip, a family emergency: relay teams lose members every year, often late. It feels like the end of the plan, but replacing one leg is usually far easier than forming a team from nothing.",
    "This page is for teams that have just lost someone, and for athletes willing to step in at short notice.",
  ],
  sections: [
    {
      heading: "First, check whether a substitution is allowed",
      paragraphs: [
        "Before recruiting anyone, read the organiser's current policy on changing relay members. Events differ on whether names can be swapped, until when, whether a fee applies and who must submit the change. Their rules beat anything a forum post or a former teammate tells you. If the policy is unclear, contact the organiser directly and keep their reply. Our matching service is free and independent of the event, so we cannot alter an entry for you; any charge for a change goes straight to the organiser.",
      ],
    },
    {
      heading: "Find a like-for-like replacement",
      paragraphs: [
        "Replace the leg, not the person. You need someone who can cover the same distance safely in the time left, not necessarily someone as fast as your original teammate.",
      ],
      list: {
        ordered: true,
        items: [
          "Edit your team so the missing role is ticked and the status is open again.",
          "Update the description: say it is a replacement, name the leg and roughly how much time remains.",
          "Message athletes listed in that discipline, starting with those nearest to Noosa.",
          "Ask each candidate one direct question: can you race this distance comfortably right now?",
        ],
      },
    },
    {
      heading: "Hand over properly",
      paragraphs: [
        "Once a substitute says yes, submit the change through the organiser's official process and confirm it has been accepted. Then brief the newcomer on everything the team has already agreed: fee arrangements, travel, where you will meet on race morning and how the handover in transition will work.",
        "Keep the injured teammate in the loop. Many still want to come and cheer, and they often know the course details the newcomer needs.",
      ],
    },
    {
      heading: "Stepping in as the substitute",
      paragraphs: [
        "If you are the one answering an emergency call, be honest about your fitness. Finishing a leg you are not ready for risks injury and a long wait for your team. Meet the remaining members in a public spot before race day, and make sure any payment goes through the official system rather than to an individual.",
      ],
    },
  ],
  faq: [
    {
      question: "Can a team change members after entering?",
      answer:
        "It depends entirely on the organiser's rules for that year. Some allow changes up to a cutoff; always check before promising a place.",
    },
    {
      question: "Should the substitute be as fast as the original member?",
      answer:
        "Not essential. A steady, healthy finisher keeps the team racing; a rushed pick who cannot finish does not.",
    },
    {
      question: "How do I signal that my team needs a replacement?",
      answer:
        "Reopen your team, tick the missing role and mention the replacement in the description so it stands out on Browse.",
    },
  ],
  cta: {
    heading: "Reopen your team and start asking",
    text: "Athletes in the missing discipline who have flagged themselves as available can see your request the moment you set the status back to open.",
  },
  related: [
    "urgent-teammate-needed-noosa",
    "same-day-team-registration",
    "need-triathlon-teammates-now",
    "relay-team-spots-closing-soon",
  ],
};
