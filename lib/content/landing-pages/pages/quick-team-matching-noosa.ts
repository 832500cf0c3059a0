import type { LandingPage } from "../types.ts";

export const quickMatching: LandingPage = {
  slug: "quick-team-matching-noosa",
  title: "Quick Team Matching in Noosa: 10-Minute Checklist",
  description:
    "A ten-minute checklist to go from no account to messaging possible Noosa relay teammates, with the profile details that get replies.",
  eyebrow: "10 minutes",
  h1: "Quick team matching: the 10-minute checklist",
  intro: [
    "You have a coffee break and want to make real progress on finding a relay team. Ten minutes is enough to go from nothing to your first conversations, if you know what to fill in and what to skip.",
    "Set a timer and work down the list.",
  ],
  sections: [
    {
      heading: "Minutes 1 to 2: account",
      paragraphs: [
        "Sign up with your email and a password, then confirm the address from the message we send. Use an address you can open on your phone right now, so waiting for the confirmation link does not eat into your ten minutes.",
      ],
    },
    {
      heading: "Minutes 3 to 6: a profile that gets replies",
      paragraphs: [
        "Only a few fields decide whether someone writes back. Fill these properly and leave the rest for later.",
      ],
      list: {
        ordered: true,
        items: [
          "Specialty: swimmer, cyclist or runner. One answer, your strongest.",
          "Experience level, honestly chosen. Overstating it causes awkward first sessions.",
          "Location: your suburb, so nearby athletes recognise a training partner.",
          "Goals: one sentence, such as “steady 10 km run, first relay, keen to train Saturdays”.",
          "Public profile and looking for team both switched on.",
        ],
      },
    },
    {
      heading: "Minutes 7 to 9: browse and act",
      paragraphs: [
        "On Browse, scan the open teams first and request a spot on any that lists your leg. Then send messages to one or two athletes in other disciplines who look like a fit. Two thoughtful messages beat ten generic ones.",
      ],
    },
    {
      heading: "Minute 10: set up the follow-up",
      paragraphs: [
        "Put a reminder in your calendar for the evening to check your messages. Fast responses are the biggest advantage you can give yourself, and most matches are made in the first exchange or two.",
        "When a conversation turns into a plan, suggest a first session somewhere public and busy, such as a popular beach or a group ride start, and tell a friend where you will be.",
      ],
    },
    {
      heading: "What the ten minutes do not cover",
      paragraphs: [
        "The race entry is separate. Once your team is settled, one of you enters through the official organiser's system, pays their fee and follows their relay rules. This site stays free and has no connection to the organisers.",
      ],
    },
  ],
  faq: [
    {
      question: "Can I skip the profile and just browse?",
      answer:
        "You can browse without signing in, but messaging athletes and requesting a spot both need an account and a profile.",
    },
    {
      question: "Why does my profile not appear on Browse?",
      answer:
        "Check that it is public and that looking for team is switched on. Both are needed for the listing.",
    },
    {
      question: "What should my first message say?",
      answer:
        "Your leg, a recent training time and one suggestion for meeting up. Short and specific gets answered.",
    },
  ],
  cta: {
    heading: "Start the timer",
    text: "Everything on this checklist happens in your browser, right now, for free. Create the account and the next nine minutes follow.",
  },
  related: [
    "urgent-triathlon-team-noosa",
    "immediate-team-spots-available",
    "need-triathlon-teammates-now",
    "urgent-teammate-needed-noosa",
  ],
};
