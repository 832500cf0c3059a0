/** The public pages this suite covers, with what docs/product.md#routes says each must show. */
export type PublicRoute = {
  path: string;
  /** Title before the " | <site name>" suffix. */
  title: string;
  h1: RegExp | string;
  texts: (string | RegExp)[];
  links: { name: string | RegExp; href: string }[];
};

export const publicRoutes: PublicRoute[] = [
  {
    path: "/",
    title: "Find Triathlon Training Partners and Relay Teams in Noosa",
    h1: /Find your Noosa triathlon team/,
    texts: [
      "How It Works",
      "Frequently Asked Questions",
      /not affiliated/,
      /free service/,
      /registration is separate and paid to the/,
    ],
    links: [
      { name: "Get Started Now", href: "/auth" },
      { name: "Browse Teams", href: "/browse" },
    ],
  },
  {
    path: "/browse",
    title: "Browse Teams and Athletes",
    h1: "Find Teams and Athletes",
    // With the demo seed (the empty states are covered in e2e/browse/empty-states.spec.ts).
    texts: [
      "Available Teams",
      /join an existing team looking for members/i,
      "Available Athletes",
      /connect with individual athletes to form a new team/i,
      /Showing 1–\d+ of \d+ athletes?/,
    ],
    // Which athletes are on page 1 depends on what earlier tests created, so no card link is checked here.
    links: [],
  },
  {
    path: "/train-with-others-noosa",
    title: "Train with others in Noosa: group swims, rides and runs",
    h1: "Train with others",
    texts: ["Upcoming group sessions", "Athletes open to training partners"],
    links: [
      { name: "See all sessions", href: "/sessions" },
      { name: "Find training partners", href: "/browse?view=partners" },
    ],
  },
  {
    path: "/sessions",
    title: "Group training sessions around Noosa",
    h1: "Group training sessions",
    // Counts depend on what earlier tests posted, so the wording is checked, not the number.
    texts: [/Train with others/i, /\d+ upcoming sessions?/, /waitlist/],
    links: [{ name: "Post a session", href: "/sessions/new" }],
  },
  {
    path: "/privacy-policy",
    title: "Privacy Policy",
    h1: "Privacy Policy",
    texts: [/never sold/, /No spam/, "hello@noosatriteams.com.au"],
    links: [{ name: "hello@noosatriteams.com.au", href: "mailto:hello@noosatriteams.com.au" }],
  },
  {
    path: "/terms-of-service",
    title: "Terms of Service",
    h1: "Terms of Service",
    texts: [
      /governed by the laws of Queensland, Australia/,
      /never sold/,
      /No spam/,
      /handled as described in our/,
    ],
    links: [
      { name: "hello@noosatriteams.com.au", href: "mailto:hello@noosatriteams.com.au" },
      { name: "Privacy Policy", href: "/privacy-policy" },
    ],
  },
  {
    path: "/training-resources",
    title: "Training Resources",
    h1: "Training Resources",
    texts: [
      /under development/i,
      "Swimming",
      "Cycling",
      "Running",
      "Transitions",
      "Nutrition",
      "Mental Training",
    ],
    links: [],
  },
  {
    path: "/about-noosa",
    title: "About Noosa and the Noosa Triathlon",
    h1: "About Noosa",
    texts: [
      "1.5 km",
      "40 km",
      "10 km",
      /first held in 1983 with 180 competitors/,
      /over 8,000 individual triathletes/,
      "Where to eat",
    ],
    links: [{ name: /Noosa Triathlon — official event site/, href: "https://www.noosatri.com" }],
  },
];
