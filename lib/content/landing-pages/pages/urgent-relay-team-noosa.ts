import { event } from "../../../site.ts";
import type { LandingPage } from "../types.ts";

const { swimKm, bikeKm, runKm } = event.distances;

export const urgentRelayTeam: LandingPage = {
  slug: "urgent-relay-team-noosa",
  title: "Urgent Relay Team for Noosa: Pick Your Leg",
  description:
    "How the Noosa Triathlon relay splits into a 1.5 km swim, 40 km bike and 10 km run, and how to choose the leg you can race well on short notice.",
  eyebrow: "Relay format",
  h1: "Urgent relay team for Noosa: choose the right leg",
  intro: [
    `In a relay, each athlete races one part of the Olympic-distance course: the ${swimKm} km swim, the ${bikeKm} km ride or the ${runKm} km run. With little time to prepare, the leg you choose decides whether race day is fun or a struggle.`,
    "Use this page to match your current fitness to a leg, then look for a team that needs it.",
  ],
  sections: [
    {
      heading: `The swim: ${swimKm} km in open water`,
      paragraphs: [
        "Pool fitness helps, but open water adds waves, sighting and a crowded start. If you swim regularly and have done at least a few ocean or river swims, this leg can be yours even at short notice. If you have never swum without a black line below you, pick another leg or get open-water practice with a group first, never alone.",
      ],
    },
    {
      heading: `The bike: ${bikeKm} km on the road`,
      paragraphs: [
        "The ride is the longest leg by time. You need a roadworthy bike, a helmet that meets Australian standards, and the comfort to ride in a bunch of other cyclists. Drafting and equipment rules are set by the organiser and technical officials, so read them before race week.",
        "Regular riders who already do a weekend loop of similar length are usually ready without extra preparation.",
      ],
    },
    {
      heading: `The run: ${runKm} km to the finish`,
      paragraphs: [
        "The runner brings the team home, often in the warmest part of the morning. Anyone who runs 10 km comfortably in training can take this on quickly, and it needs the least equipment of the three.",
      ],
    },
    {
      heading: "How the handover works",
      paragraphs: [
        "Relay teams generally exchange a timing device in the transition area rather than tagging on the course. Exactly where and how that happens is in the organiser's athlete information, which you should read as a team before race morning.",
      ],
    },
    {
      heading: "From leg choice to team in one sitting",
      paragraphs: [
        "Set your specialty on your profile to the leg you picked, mark yourself as looking for a team and open Browse. Teams list the roles they still need, so you can request the right spot directly or message an athlete whose discipline complements yours. Arrange a first ride, swim or run in a public place before anyone commits to an entry, which is made and paid with the organiser, not with us: we are a free community site with no official role in the race.",
      ],
    },
  ],
  faq: [
    {
      question: "Which relay leg is easiest to prepare for at short notice?",
      answer:
        "For most people the run, because fitness from other sports transfers and the equipment is simple. The swim needs the most specific experience.",
    },
    {
      question: "Can one person do two legs?",
      answer:
        "That is an organiser rule and varies between events. Check their relay rules before planning around it.",
    },
    {
      question: "Do relay members need a race licence or membership?",
      answer:
        "Requirements differ by event and year. The organiser's entry information lists what each team member needs.",
    },
  ],
  cta: {
    heading: "Choose your leg, then your team",
    text: "Once your profile says swimmer, cyclist or runner, captains who need exactly that can find you, and you can find them.",
  },
  related: [
    "find-a-triathlon-team-noosa",
    "individual-entries-sold-out-alternatives",
    "immediate-team-spots-available",
    "need-triathlon-teammates-now",
  ],
};
