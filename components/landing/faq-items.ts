import { site } from "@/lib/site";

/** The landing page's four questions (docs/product.md#landing-pages): data use, registration info, fee, registering as a team. */
export const faqItems = [
  {
    question: "How is my data used?",
    answer: `Your profile is only used to match you with other athletes. You choose whether it is public; private profiles never appear in listings. We never sell your data, and you can ask us to delete it at ${site.contactEmail}.`,
  },
  {
    question: "Where do I register for the race?",
    answer:
      "Race registration is handled only by the event organisers on their own website. This site helps you find teammates; it does not sell or transfer race entries.",
  },
  {
    question: "Is there a fee to use this site?",
    answer:
      "No. Creating an account, listing your profile, forming a team and messaging athletes is free. The event's entry fee is separate and paid to the organisers.",
  },
  {
    question: "How do we register as a team?",
    answer:
      "Form your team here and agree who takes the swim, bike and run legs. Then one team member enters the relay with the organisers and adds the teammates' details as their registration asks.",
  },
] as const;
