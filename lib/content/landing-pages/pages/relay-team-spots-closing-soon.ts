import type { LandingPage } from "../types.ts";

export const spotsClosingSoon: LandingPage = {
  slug: "relay-team-spots-closing-soon",
  title: "Relay Team Spots Closing Soon: A Countdown Plan",
  description:
    "Relay spots are going and you still have no team. A countdown plan by stage, from weeks out to the final days, without guesswork about dates.",
  eyebrow: "Countdown plan",
  h1: "Relay spots closing soon: a countdown plan",
  intro: [
    "Relay places are limited, and the organiser decides when entries close. We do not publish dates here because they are theirs to set and they change. What we can give you is a plan that works backwards from whatever deadline they announce.",
    "Write the official closing date at the top of a note, then work through the stages below in order.",
  ],
  sections: [
    {
      heading: "Stage 1: more than three weeks before the deadline",
      paragraphs: [
        "This is the comfortable zone, and the right time to be picky. Build a full profile, browse teams at your level, and have two or three conversations before committing. Ask candidates about their training consistency, not just their best time.",
      ],
    },
    {
      heading: "Stage 2: one to three weeks out",
      paragraphs: [
        "Narrow down. Choose a team, or if you are forming one, lock in members who have said yes in writing. Agree who submits the entry and set an internal deadline a few days before the official one, because payment problems and missing details always take longer than expected.",
      ],
      list: {
        ordered: false,
        items: [
          "Confirm each person's full name and details needed for the entry form.",
          "Decide how the entry fee is split and when each share is due.",
          "Set your team status to full once all three legs are filled.",
        ],
      },
    },
    {
      heading: "Stage 3: the final week before entries close",
      paragraphs: [
        "If you are still short a member, stop waiting for perfect. Message every suitable athlete listed for the missing discipline and accept a broader experience range. An athlete who is slower than you hoped is better than no entry at all.",
        "Individuals still searching should request to join any open team with their leg available and reply to captains within hours.",
      ],
    },
    {
      heading: "Stage 4: after entries close",
      paragraphs: [
        "If you entered, spend the remaining weeks training together and rehearsing the handover. If you missed out, ask the organiser what options remain, such as substitutions on existing teams, and keep your profile listed: teams lose members late and look for replacements.",
      ],
    },
    {
      heading: "Keep first meetings simple",
      paragraphs: [
        "Deadlines make people rush trust. Meet new teammates in a public place, avoid sharing bank details directly between strangers, and keep your chat history on the site so agreements are easy to look back on. Entry fees belong to the organiser alone; matching here is free and unofficial.",
      ],
    },
  ],
  faq: [
    {
      question: "Where do I find the real closing date?",
      answer:
        "On the official event website or in the organiser's emails. Noosa Tri Teams is independent and does not hold that information.",
    },
    {
      question: "What if we miss our internal deadline?",
      answer:
        "That is what the buffer is for. Use the remaining days to fix the problem, not to start searching for a new member.",
    },
    {
      question: "Can one person enter the whole team?",
      answer:
        "Often one person submits the entry, but the organiser decides what each member must provide. Check their relay instructions.",
    },
  ],
  cta: {
    heading: "Work backwards from today",
    text: "Whatever stage you are in, the next step starts with a public profile and a look at which teams still have the leg you want open.",
  },
  related: [
    "last-chance-noosa-triathlon-team",
    "urgent-triathlon-team-noosa",
    "same-day-team-registration",
    "urgent-teammate-needed-noosa",
  ],
};
