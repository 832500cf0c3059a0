import type { LandingPage } from "../types.ts";

export const sameDayRegistration: LandingPage = {
  slug: "same-day-team-registration",
  title: "Same-Day Team Registration: What Is Realistic",
  description:
    "Hoping to form a team and enter in race week or on the day? What is realistic, what depends on the organiser, and what you can still do today.",
  eyebrow: "Race week",
  h1: "Same-day team registration: what is realistic",
  intro: [
    "People search for same-day registration in the hope that they can turn up, find two teammates and race. We would love that to be true, so here is an honest look at what race week usually allows.",
    "Big events plan timing, waves and safety numbers well ahead, which is why entries generally close before the weekend. Whether any late option exists is for the organiser alone to say.",
  ],
  sections: [
    {
      heading: "What is usually not possible",
      paragraphs: [
        "Do not plan on entering a brand-new relay team at the venue on race morning. Check the organiser's website for the current position before you travel; if it says entries are closed, believe it, and do not rely on a rumour of walk-up spots.",
      ],
    },
    {
      heading: "What may still be possible in race week",
      paragraphs: [
        "The most realistic late path is joining a team that is already entered and has lost a member, if the organiser allows name changes. That turns the task from registering a team into replacing one person, which is a smaller and often permitted change.",
      ],
      list: {
        ordered: false,
        items: [
          "Set your profile to looking for team and say “available race week” in your goals.",
          "Watch Browse for teams that have reopened with a single role missing.",
          "Reply within the hour when a captain contacts you; late changes move quickly.",
        ],
      },
    },
    {
      heading: "If you do get a late spot",
      paragraphs: [
        "Ask the captain for the organiser's athlete information straight away and read it that evening: briefing, bike check-in, where transition is and how the relay exchange works. Sort out your kit the night before rather than on race morning.",
        "Keep your effort conservative. A leg raced without a proper taper should aim to finish comfortably, not to set a personal best.",
      ],
    },
    {
      heading: "Meeting your new team in a hurry",
      paragraphs: [
        "There may be no time for a training session together. Meet at the race precinct, where crowds and officials are everywhere, rather than at someone's home, and swap phone numbers so you can find each other in a crowded transition area.",
        "Any money for a changed entry should go through the official process. Noosa Tri Teams never asks for payment and is not connected to the organisers.",
      ],
    },
  ],
  faq: [
    {
      question: "Can we register a relay team on race day?",
      answer:
        "Assume not unless the organiser's website says otherwise. Large triathlons normally close entries before race weekend.",
    },
    {
      question: "Is substituting into an existing team easier than registering a new one?",
      answer:
        "Usually, where the organiser allows name changes. It is their rule, so confirm the process and any cutoff.",
    },
    {
      question: "What should I bring if I join a team late?",
      answer:
        "Whatever your leg needs plus photo identification, and anything listed in the organiser's athlete guide.",
    },
  ],
  cta: {
    heading: "Be listed before the call comes",
    text: "Late replacements go to athletes captains can already see. A public, looking-for-team profile is how they find you this week.",
  },
  related: [
    "emergency-triathlon-team-matching",
    "last-chance-noosa-triathlon-team",
    "relay-team-spots-closing-soon",
    "quick-team-matching-noosa",
  ],
};
