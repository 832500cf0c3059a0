import type { LandingPage } from "../types.ts";

export const immediateSpots: LandingPage = {
  slug: "immediate-team-spots-available",
  title: "Immediate Team Spots Available: Join a Team",
  description:
    "Relay teams with an open leg are listed right now. How to read a team card, pick the right spot and send a join request that gets a yes.",
  eyebrow: "Open spots",
  h1: "Open relay spots you can request today",
  intro: [
    "The quickest way onto a Noosa relay is a seat someone else has already built. Teams marked open on Browse are actively looking, and the captain has listed exactly which disciplines they still need.",
    "This page explains how to pick the right open spot and how the request process works, so your first request is a good one.",
  ],
  sections: [
    {
      heading: "Reading a team card",
      paragraphs: [
        "Each card shows the team name, a short description, the roles the captain is looking for, the experience levels they welcome and when they like to train. Green “open” means requests are accepted; full or closed teams cannot be joined.",
        "Read the description closely. A team that says it is chasing a podium wants a different person from one doing it for a celebration. Matching the tone matters as much as matching the leg.",
      ],
    },
    {
      heading: "Sending a join request",
      paragraphs: [
        "You need to be signed in and have a profile before you can request a spot. When you choose a role and send the request, the captain receives an automatic message that names the team and your role and includes your experience, goals and a link to your profile. Your membership is recorded as pending until they respond.",
      ],
      list: {
        ordered: false,
        items: [
          "Request the role the team has listed, not the one you wish they had.",
          "Make sure your profile goals and experience are filled in; that is what the captain reads.",
          "Follow up in the conversation with one friendly line about availability to train.",
        ],
      },
    },
    {
      heading: "If the captain says no, or says nothing",
      paragraphs: [
        "Captains sometimes receive several requests for one leg. If a day passes without an answer, send a polite nudge, then move on to the next team. You cannot request to join a team you created, and each request is for one team, so keep track of where you are waiting.",
      ],
    },
    {
      heading: "Before race day",
      paragraphs: [
        "Joining a team on this site is not the same as being entered in the race. The team entry is made with the organiser, who sets the fee and eligibility rules; confirm with your captain that your name is on it. Requesting spots here costs nothing, and this site has no role in the official race organisation. Meet your new teammates for a session somewhere public before committing money.",
      ],
    },
  ],
  faq: [
    {
      question: "Why did a team I saw yesterday disappear?",
      answer:
        "Browse lists only open teams. Once a captain marks a team full or closed, it leaves the list and stops taking requests.",
    },
    {
      question: "What does the captain see when I request to join?",
      answer:
        "An automatic message with your name, discipline, experience, goals and a link to your public profile.",
    },
    {
      question: "Does a pending request reserve the spot?",
      answer:
        "No. The captain decides, and may accept someone else. Keep talking to other teams until you are confirmed.",
    },
  ],
  cta: {
    heading: "See which legs are open",
    text: "Browse is updated as captains open and close their teams. Sign in with a finished profile and you can request a spot in a couple of clicks.",
  },
  related: [
    "quick-team-matching-noosa",
    "urgent-triathlon-team-noosa",
    "individual-entries-sold-out-alternatives",
    "urgent-relay-team-noosa",
  ],
};
