/** Outbound links and dining areas shown on /about-noosa. Areas, not businesses, so the cards do not date. */
export const externalLinks = [
  {
    href: "https://www.noosatri.com",
    label: "Noosa Triathlon — official event site",
    note: "Entries, race schedule and rules",
  },
  {
    href: "https://www.visitnoosa.com.au",
    label: "Visit Noosa",
    note: "Accommodation, transport and local events",
  },
  {
    href: "https://parks.qld.gov.au/parks/noosa",
    label: "Noosa National Park",
    note: "Coastal walks and park alerts",
  },
  {
    href: "https://www.triathlon.org.au",
    label: "Triathlon Australia",
    note: "Clubs, coaching and race rules",
  },
];

export const diningAreas = [
  {
    name: "Hastings Street",
    kind: "Cafés and beachfront dining",
    text: "A short walk from Main Beach: early coffee before a swim session, and busy on race weekend — book ahead.",
  },
  {
    name: "Gympie Terrace, Noosaville",
    kind: "Riverside casual",
    text: "Relaxed riverfront spots for a team dinner the night before, with space to spread out a course map.",
  },
  {
    name: "Noosa Junction",
    kind: "Everyday eats",
    text: "Bakeries, sushi and supermarkets — good for stocking up on pre-race carbohydrates without the crowds.",
  },
  {
    name: "Surf club dining",
    kind: "Views over the bay",
    text: "Post-race lunch with ocean views where many athletes and supporters meet after the finish.",
  },
];
