import type { LandingPage } from "../types.ts";

export const needTeammatesNow: LandingPage = {
  slug: "need-triathlon-teammates-now",
  title: "Need Triathlon Teammates Now? Build a Relay",
  description:
    "You are one athlete and need two more. How to build a Noosa Triathlon relay from scratch: fill the other legs, pitch the team, agree on the basics.",
  eyebrow: "Build from scratch",
  h1: "Need triathlon teammates now? Build your relay from one",
  intro: [
    "Maybe you are a strong swimmer who has never owned a road bike, or a runner whose friends all pulled out. You are a team of one, and the Noosa relay needs three.",
    "Building a team yourself sounds harder than joining one, but it puts you in control: you choose the people, the vibe and how seriously you race.",
  ],
  sections: [
    {
      heading: "Create the team before you have the people",
      paragraphs: [
        "On Noosa Tri Teams a team can exist with one member. Create it, give it a name, and describe it in a couple of sentences: where you train, how competitive you want to be, and which legs are open. Select the disciplines still missing and whichever experience levels suit you. Your team then appears on Browse with its status set to open.",
        "Each account can create one team, so put effort into that single listing instead of spreading yourself across several.",
      ],
    },
    {
      heading: "Recruit the two missing legs",
      paragraphs: [
        "Do not wait for people to find you. Scan the athletes list for the disciplines you lack and for nearby suburbs, then message the most promising few directly. Athletes who are looking for a team have said publicly that they want to be asked.",
      ],
      list: {
        ordered: false,
        items: [
          "Lead with the open leg, not with yourself: “We need a cyclist for the 40 km bike.”",
          "Say what the team is aiming for, so a racer and a first-timer can each judge the fit.",
          "Offer one concrete next step, such as a Saturday coffee or a short joint session.",
        ],
      },
    },
    {
      heading: "Agree the ground rules early",
      paragraphs: [
        "Once you have three names, write down who handles the official entry, how the fee is split, and what happens if one person withdraws. Everything to do with registration, eligibility and transfers belongs to the race organiser, so have one person read their current relay information aloud to the group rather than working from memory.",
        "When the roster is complete, set the team status to full so other athletes stop sending requests.",
      ],
    },
    {
      heading: "Getting to know strangers sensibly",
      paragraphs: [
        "You are about to race with people you met online. Get to know them in low-stakes settings first: a public pool session or a run on a busy path. Keep personal details like your home address to yourself until trust is earned.",
      ],
    },
  ],
  faq: [
    {
      question: "Can I create a team if I am the only member?",
      answer:
        "Yes. You become the first member automatically, in your own discipline, and the other roles show as open to everyone browsing.",
    },
    {
      question: "How do I decide between two people for the same leg?",
      answer:
        "Talk to both. Reliability and similar goals matter more than a few minutes of pace in a community relay.",
    },
    {
      question: "Who pays the entry fee?",
      answer:
        "That is for your team to agree. The fee is paid to the organiser, never to Noosa Tri Teams, which is free to use and unconnected to the event organisers.",
    },
  ],
  cta: {
    heading: "Your team starts with one listing",
    text: "Sign up, create your profile and then your team. The open legs do the advertising for you while you message candidates.",
  },
  related: [
    "urgent-teammate-needed-noosa",
    "quick-team-matching-noosa",
    "find-a-triathlon-team-noosa",
    "urgent-relay-team-noosa",
  ],
};
