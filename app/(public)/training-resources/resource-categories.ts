/** Planned guides (docs/product.md#static-pages): six categories × four items, all still to be written. */
export const resourceCategories = [
  {
    name: "Swimming",
    items: [
      "Ocean swim starts and sighting",
      "Drafting in open water",
      "Reading rips and surf at Main Beach",
      "Wetsuit or not: water temperatures",
    ],
  },
  {
    name: "Cycling",
    items: [
      "Pacing a 40 km time trial",
      "Group riding etiquette",
      "Hinterland climbs near Noosa",
      "Pre-race bike check",
    ],
  },
  {
    name: "Running",
    items: [
      "Running off the bike",
      "10 km pacing plans",
      "Running in Queensland heat",
      "Easy runs for recovery weeks",
    ],
  },
  {
    name: "Transitions",
    items: [
      "Setting up your transition spot",
      "Relay tag hand-overs",
      "Fast wetsuit removal",
      "Mount and dismount drills",
    ],
  },
  {
    name: "Nutrition",
    items: [
      "Race-week eating",
      "Fuelling an Olympic-distance race",
      "Hydration in humid weather",
      "Recovery meals",
    ],
  },
  {
    name: "Mental Training",
    items: [
      "Handling race-morning nerves",
      "Racing with new teammates",
      "Goal setting for first-timers",
      "Staying calm in the swim",
    ],
  },
] as const;
