import { videoIds, type VideoKey } from "@/lib/video-ids";

export type Video = {
  key: VideoKey;
  title: string;
  caption: string;
  /** What the card searches YouTube for while it has no verified id. */
  topic: string;
  tone: "ocean" | "sunset" | "reef";
  /** A checked YouTube id from lib/video-ids.ts, if the club has added one. */
  youtubeId?: string;
};

const youtubeId = /^[A-Za-z0-9_-]{11}$/;

/** The card's configured id when it looks like a YouTube id; anything else is ignored. */
export function withVideoIds(cards: Omit<Video, "youtubeId">[], ids: Partial<Record<VideoKey, string>>) {
  return cards.map((card): Video => {
    const id = ids[card.key]?.trim();
    return id && youtubeId.test(id) ? { ...card, youtubeId: id } : { ...card };
  });
}

/** A YouTube search for the card's topic, e.g. "Noosa Triathlon swim start". */
export const youtubeSearchUrl = (topic: string) =>
  `https://www.youtube.com/results?${new URLSearchParams({ search_query: topic })}`;

/** The privacy-enhanced player, started by the click that loaded it. */
export const youtubeEmbedUrl = (id: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;

/** The section intro, true to what the cards do. */
export function galleryIntro(videos: Video[]): string {
  const embedded = videos.filter((v) => v.youtubeId).length;
  if (embedded === videos.length) return "Videos load from YouTube only when you press play.";
  if (embedded === 0) return "Each card opens YouTube in a new tab.";
  return "Videos load from YouTube only when you press play; the others open YouTube in a new tab.";
}

/** The gallery on /. */
export const landingVideos: Video[] = withVideoIds(
  [
    {
      key: "raceMorning",
      title: "Race morning at Noosa Main Beach",
      caption: "The 1.5 km ocean swim start and the run up the sand to transition.",
      topic: "Noosa Triathlon swim start",
      tone: "ocean",
    },
    {
      key: "bikeCourse",
      title: "The 40 km bike course",
      caption: "Out of town, through the hinterland and back to transition.",
      topic: "Noosa Triathlon bike course",
      tone: "sunset",
    },
    {
      key: "relayFinish",
      title: "Relay teams at the finish",
      caption: "Swimmers, riders and runners crossing the finish line together.",
      topic: "Noosa Triathlon relay finish",
      tone: "reef",
    },
  ],
  videoIds,
);

/** The gallery on /about-noosa: the course and the town around it. */
export const aboutVideos: Video[] = withVideoIds(
  [
    {
      key: "courseLap",
      title: "A lap of the Noosa Triathlon course",
      caption: "Swim, bike and run legs explained for first-timers.",
      topic: "Noosa Triathlon course",
      tone: "ocean",
    },
    {
      key: "coastalWalk",
      title: "Noosa National Park coastal walk",
      caption: "An easy recovery walk from Hastings Street to the headland.",
      topic: "Noosa National Park coastal walk",
      tone: "reef",
    },
  ],
  videoIds,
);
