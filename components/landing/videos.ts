export type Video = { id: string; title: string; caption: string; tone: "ocean" | "sunset" | "reef" };

/**
 * The three gallery videos (YouTube ids, played via youtube-nocookie.com only after a click).
 * NOTE: these ids are placeholders chosen to look like YouTube ids; they are NOT verified Noosa Triathlon
 * videos. Replace them with the organisers' official race videos before launch.
 */
export const landingVideos: Video[] = [
  {
    id: "Xq7m2Lr9TfQ",
    title: "Race morning at Noosa Main Beach",
    caption: "The 1.5 km ocean swim start and the run up the sand to transition.",
    tone: "ocean",
  },
  {
    id: "bN4kV8pZs3E",
    title: "The 40 km bike course",
    caption: "Out of town, through the hinterland and back to transition.",
    tone: "sunset",
  },
  {
    id: "Hw3cJ6yTq1M",
    title: "Relay teams at the finish",
    caption: "Swimmers, riders and runners crossing the finish line together.",
    tone: "reef",
  },
];

/** Videos for /about-noosa: the course and the town around it. Same placeholder caveat as above. */
export const aboutVideos: Video[] = [
  {
    id: "rT5nE2wYk8D",
    title: "A lap of the Noosa Triathlon course",
    caption: "Swim, bike and run legs explained for first-timers.",
    tone: "ocean",
  },
  {
    id: "pL9aQ3vXm6C",
    title: "Noosa National Park coastal walk",
    caption: "An easy recovery walk from Hastings Street to the headland.",
    tone: "reef",
  },
];
