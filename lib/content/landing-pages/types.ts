/** One block of body copy under an h2. Lists render after the paragraphs. */
export type LandingSection = {
  heading: string;
  paragraphs: string[];
  list?: { ordered: boolean; items: string[] };
};

export type LandingFaq = { question: string; answer: string };

/** A search landing page: metadata, hero, body sections, FAQ and the closing call to action. */
export type LandingPage = {
  /** Path segment without the leading slash, e.g. "urgent-relay-team-noosa". */
  slug: string;
  /** Page title without the " | <site name>" suffix the root layout adds; at most 60 characters. */
  title: string;
  /** Meta description; at most 160 characters. */
  description: string;
  /** Short kicker above the h1 and on the social card. */
  eyebrow: string;
  h1: string;
  intro: string[];
  sections: LandingSection[];
  faq: LandingFaq[];
  cta: { heading: string; text: string };
  /** Slugs of related landing pages, linked at the end of the page. */
  related: string[];
};
