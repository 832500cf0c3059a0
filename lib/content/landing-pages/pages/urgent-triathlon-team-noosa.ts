import type { LandingPage } from "../types.ts";

export const urgentTeam: LandingPage = {
  slug: "urgent-triathlon-team-noosa",
  title: "Urgent Triathlon Team in Noosa: 48-Hour Plan",
  description:
    "No team and the Noosa Triathlon is close? A 48-hour plan to pick your leg, get listed and land a relay team without wasting a day.",
  eyebrow: "48-hour plan",
  h1: "No team yet? Your 48-hour plan for Noosa",
  intro: [
    "When the race is weeks rather than months away, the athletes who find a team are the ones who act in a tight window and follow up. Spread your effort over a fortnight and the good spots go to someone else.",
    "Here is a two-day plan that works whether you swim, ride or run. It costs nothing to follow; the only paid step is the race entry, which your team makes with the organiser. We are a volunteer-style noticeboard, not part of the event.",
  ],
  sections: [
    {
      heading: "Hour 0 to 2: decide, then get visible",
      paragraphs: [
        "Pick one leg. Saying you will do anything sounds helpful but makes you hard to place; captains search by discipline. Choose the leg you could finish tomorrow without injury.",
      ],
      list: {
        ordered: true,
        items: [
          "Sign up and build your profile: discipline, experience level, suburb, and one honest line about your current pace.",
          "Turn on “looking for team” and leave the profile public so it shows on Browse.",
          "Write goals that tell a captain what kind of teammate you are: racing for a time, or there for the fun of it.",
        ],
      },
    },
    {
      heading: "Hour 2 to 12: make the first approaches",
      paragraphs: [
        "Open Browse and look at open teams before individual athletes. A team missing exactly your leg is the shortest path to the start line, so request that role first. Then message two or three athletes in the other disciplines who live nearby; a three-person team can form from a single good conversation.",
        "Keep first messages short and specific: which leg you want, a recent result or training time, and when you can meet. Long life stories get skimmed.",
      ],
    },
    {
      heading: "Hour 12 to 48: follow up and confirm",
      paragraphs: [
        "Reply quickly; a captain who hears back in an hour usually picks that person. Once someone says yes, move straight to the practical list: who submits the entry, who pays what, and what the organiser currently requires from each member. Check their site for the relay entry status rather than assuming spots remain.",
        "If two days pass without a match, widen the net: consider a different leg, a team with a mixed experience level, or a captain in a neighbouring town.",
      ],
    },
    {
      heading: "Stay safe while moving fast",
      paragraphs: [
        "Urgency is not a reason to skip common sense. Meet a new teammate somewhere public in daylight, let a friend know your plans, and never send money to someone you have not met unless it is paid straight to the official entry system.",
      ],
    },
  ],
  faq: [
    {
      question: "Is 48 hours really enough to find a team?",
      answer:
        "Often, if there are open teams listed for your discipline. It is a sprint, not a guarantee, so keep following up until you are confirmed.",
    },
    {
      question: "Should I list myself for more than one leg?",
      answer:
        "List your best leg on your profile and mention a second option in messages. A clear primary discipline gets you found faster.",
    },
    {
      question: "What if relay entries have already closed?",
      answer:
        "Ask the organiser whether they run a waitlist or allow name changes on existing entries, then look for teams that need a replacement.",
    },
  ],
  cta: {
    heading: "Start the clock now",
    text: "The first two hours of this plan happen on your profile. Create it, switch on looking for team, and your name is in front of captains tonight.",
  },
  related: [
    "quick-team-matching-noosa",
    "immediate-team-spots-available",
    "relay-team-spots-closing-soon",
    "last-chance-noosa-triathlon-team",
  ],
};
