import { event, teamFinderLandingPath } from "../../../site.ts";
import type { LandingPage } from "../types.ts";

const { swimKm, bikeKm, runKm } = event.distances;

export const findATeam: LandingPage = {
  slug: teamFinderLandingPath.slice(1),
  title: "Find a Triathlon Relay Team in Noosa",
  description:
    "Swimmer, cyclist or runner looking for a Noosa Triathlon relay team? Here is how to find teammates fast, for free, and what to sort out with the organiser.",
  eyebrow: "Start here",
  h1: "Find a triathlon relay team in Noosa",
  intro: [
    `A relay splits the ${event.name} into three legs: a ${swimKm} km swim, a ${bikeKm} km ride and a ${runKm} km run. You only need to be good at one of them. This guide is the starting point for swimmers, cyclists and runners who want a team and do not know where to begin.`,
    "Noosa Tri Teams is a free community noticeboard for athletes around Noosa. We help you meet teammates; entering the race itself happens with the event organiser, who sets the rules and takes the entry fee.",
  ],
  sections: [
    {
      heading: "Three ways into a relay",
      paragraphs: [
        "Almost every athlete who ends up on a start list gets there by one of three routes. Knowing which one fits you saves days of scattered messaging.",
      ],
      list: {
        ordered: false,
        items: [
          "Join a team that already exists and has one leg open. Fastest, because someone else has done the organising.",
          "Start your own team around your strongest discipline and recruit the other two legs.",
          "Step in as a replacement when a formed team loses a member to injury, work or travel.",
        ],
      },
    },
    {
      heading: "How matching works on this site",
      paragraphs: [
        "Create an account, then fill in a profile covering what you race, how experienced you are, where you live and what you hope to get out of the day. Turn the “looking for team” setting on and keep the profile public, because only public athletes who are looking appear on the Browse page.",
        "From Browse you can message any listed athlete or open a team card and request a spot in the role you want. A join request sends the team creator an automatic note that links back to your profile, and your place shows as pending until they accept you.",
      ],
    },
    {
      heading: "What to settle with your teammates",
      paragraphs: [
        "Before anyone pays for an entry, agree on the basics in writing, even if it is only a chat thread: who takes which leg, who lodges the team entry with the organiser, who covers which share of the cost, and the plan if a member has to withdraw.",
        "Relay formats, age rules, entry windows and substitution policies are decided by the organiser and can change from year to year. Read their current information rather than relying on what a previous team did.",
      ],
    },
    {
      heading: "Meeting people you found online",
      paragraphs: [
        "Make your first session together something short and public: a lap of a busy beachfront path or a coffee before a group ride. Tell someone where you are going, keep conversations on the site until you feel comfortable sharing a phone number, and trust your instincts if something feels off.",
      ],
    },
  ],
  faq: [
    {
      question: "Do I need to be a triathlete to join a relay?",
      answer:
        "No. Many relay members are pure swimmers, riders or runners. You train for your own leg and hand over to the next person.",
    },
    {
      question: "Does Noosa Tri Teams enter us in the race?",
      answer:
        "No. We only connect athletes. Your team enters through the official organiser, pays them directly and follows their rules. We are not affiliated with them.",
    },
    {
      question: "Which guide should I read next?",
      answer:
        "If the race is close, start with the 48-hour plan. If you already have a partial team, read the guide on building a relay from one athlete.",
    },
  ],
  cta: {
    heading: "Put yourself on the map today",
    text: "A profile with your leg and suburb takes a few minutes, and it is the thing team captains search for first.",
  },
  related: [
    "urgent-triathlon-team-noosa",
    "need-triathlon-teammates-now",
    "immediate-team-spots-available",
    "urgent-relay-team-noosa",
  ],
};
