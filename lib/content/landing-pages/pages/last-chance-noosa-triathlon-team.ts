import type { LandingPage } from "../types.ts";

export const lastChance: LandingPage = {
  slug: "last-chance-noosa-triathlon-team",
  title: "Last Chance to Join a Noosa Triathlon Team",
  description:
    "The last push to get into a Noosa relay: widen your search, stay flexible on your leg and know what to do if this year does not work out.",
  eyebrow: "Final push",
  h1: "Last chance for a Noosa triathlon team",
  intro: [
    "You have tried, and you are still without a team. Before giving up on this year, there is one more round worth making, and it works best if you loosen a few of your own conditions.",
    "Here is how to make that final push count, and what to do with your training if the door closes anyway.",
  ],
  sections: [
    {
      heading: "Loosen your criteria",
      paragraphs: [
        "Most late searches fail because of filters the athlete set themselves. Ask yourself which of these you could relax for one race:",
      ],
      list: {
        ordered: false,
        items: [
          "Experience: a beginner team that is happy to finish is still a start line.",
          "Discipline: if your second-best leg is in demand, offer it.",
          "Location: a team from down the coast can still meet you on race morning.",
          "Ambition: racing for fun with a new group can beat watching from the footpath.",
        ],
      },
    },
    {
      heading: "One focused round of messages",
      paragraphs: [
        "Refresh your profile so it reads as current: add the line “available now for any relay leg” to your goals if that is true. Then go through every open team on Browse and every athlete who is looking, and send a short, personal message to each one that could fit. Copy-paste shows; mention something from their listing.",
        "Give yourself a clear stop date so the search does not drag on past the point where training together is possible.",
      ],
    },
    {
      heading: "If it does not happen this year",
      paragraphs: [
        "Keep your profile public and looking. Teams lose members close to the event, and a replacement needs to be someone who is already listed. Meanwhile, the people you met while searching make good training partners for the season ahead.",
        "Race day has other ways in: organisers often rely on volunteers, and cheering on the course is a fine way to learn how the relay handovers work before you race it.",
      ],
    },
    {
      heading: "A word on late deals",
      paragraphs: [
        "Late in the season you may see offers to sell an entry outside the official channels. Check the organiser's transfer rules before paying anyone. We are a free, independent matching site and never take payment for entries, so anyone asking you to pay through us is not genuine.",
      ],
    },
  ],
  faq: [
    {
      question: "Is it too late if entries have closed?",
      answer:
        "For new teams, probably. For joining an existing team as a substitute, it depends on the organiser's change policy.",
    },
    {
      question: "Should I stay listed after the race?",
      answer:
        "Yes, if you want training partners. Many athletes use the site all year, not only for race entries.",
    },
    {
      question: "How many teams should I contact in a final round?",
      answer:
        "Every team that could genuinely fit. Quality matters, but at this stage it is a numbers game as well.",
    },
  ],
  cta: {
    heading: "Make the final round count",
    text: "Update your goals, widen your options and send your last set of messages today. Your listing keeps working for you after that.",
  },
  related: [
    "relay-team-spots-closing-soon",
    "same-day-team-registration",
    "emergency-triathlon-team-matching",
    "individual-entries-sold-out-alternatives",
  ],
};
