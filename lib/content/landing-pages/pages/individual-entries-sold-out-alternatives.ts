import { event } from "../../../site.ts";
import type { LandingPage } from "../types.ts";

export const soldOutAlternatives: LandingPage = {
  slug: "individual-entries-sold-out-alternatives",
  title: "Individual Entries Sold Out? Relay Alternatives",
  description:
    "Missed out on an individual Noosa Triathlon entry? A relay leg, other races and training goals are real alternatives. Here is how to weigh them.",
  eyebrow: "Sold out",
  h1: "Individual entries sold out? Your alternatives",
  intro: [
    `The ${event.name} draws ${event.individualTriathletes} individual triathletes, so missing out on a solo place is common. Months of training do not have to go to waste.`,
    "Below are the realistic options, starting with the one most people overlook: racing one leg of a relay and still being part of race day.",
  ],
  sections: [
    {
      heading: "Option 1: race your strongest leg in a relay",
      paragraphs: [
        "If you were preparing for all three disciplines, you are a strong candidate for any of them. Pick the leg where your training is furthest ahead and race it harder than you could have inside a full triathlon. Many individual athletes find this a useful test of one discipline at full effort.",
        "Relay categories are managed separately from individual ones, so check on the organiser's website whether relay entries are still open. Availability differs between categories and years; do not assume one follows the other. A relay entry is paid for through the organiser, never through us; this site is an unofficial, no-cost noticeboard for finding teammates.",
      ],
    },
    {
      heading: "Option 2: ask about transfers and waitlists",
      paragraphs: [
        "Some events let entrants transfer a place or keep a waitlist; others do not allow either. Only the organiser can tell you what applies this year, so read their terms or contact them directly. Avoid buying an entry from a stranger outside an official transfer process: you may end up racing under someone else's name, which can affect insurance and results.",
      ],
    },
    {
      heading: "Option 3: keep the goal, change the venue or the date",
      paragraphs: [
        "Your fitness will not disappear. A different race later in the season, or a solo time trial over the same distances with friends, can give you the finish line you trained for. Note what went wrong with the entry this time, such as when it sold out, and set a reminder for next year.",
      ],
    },
    {
      heading: "Switching from solo to team thinking",
      paragraphs: [
        "Racing for others changes things. Your teammates are waiting in transition, so predictable pacing matters more than an ambitious split. Share your recent times honestly, agree a rough target for each leg, and practise the handover if you can.",
        "When you train with new teammates, start with a session in a public place and let someone know where you are. A good relay partnership is built on showing up when you said you would.",
      ],
    },
  ],
  faq: [
    {
      question: "Is a relay leg a lesser experience than the full race?",
      answer:
        "It is different. You race one discipline flat out, share the day with two others and still cross the line as a team.",
    },
    {
      question: "If individual entries sold out, are relay entries gone too?",
      answer:
        "Not necessarily. Categories can have separate limits. The organiser's current entry page is the only reliable answer.",
    },
    {
      question: "Can I use my individual training plan for a relay leg?",
      answer:
        "Mostly yes. Drop the volume in the other two sports and add quality sessions in the one you will race.",
    },
  ],
  cta: {
    heading: "Turn the sold-out email into a team",
    text: "List the leg you are best prepared for and look for teams with that gap. Your triathlon fitness makes you an attractive teammate.",
  },
  related: [
    "urgent-relay-team-noosa",
    "immediate-team-spots-available",
    "last-chance-noosa-triathlon-team",
    "find-a-triathlon-team-noosa",
  ],
};
