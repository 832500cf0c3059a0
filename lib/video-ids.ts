/**
 * YouTube ids for the video cards on / and /about-noosa: the one place they live.
 *
 * Empty on purpose. An id goes in only after a person from the club has opened
 * https://www.youtube.com/watch?v=<id>, watched it, and checked that it shows what the card says and that
 * its owner allows embedding (the race organisers' official channel is the first place to look). Until
 * then a card links to a YouTube search for its topic, in a new tab, which always works; with an id it
 * becomes the click-to-load player (youtube-nocookie.com, nothing loaded before play).
 *
 * Example: `raceMorning: "abcdEFGH123"` (the 11 characters after `v=` in the video's address).
 * Anything that is not 11 letters, digits, "-" or "_" is ignored (components/landing/videos.ts).
 */
export const videoIds: Partial<Record<VideoKey, string>> = {};

/** The cards, by key: their titles and search topics are in components/landing/videos.ts. */
export type VideoKey = "raceMorning" | "bikeCourse" | "relayFinish" | "courseLap" | "coastalWalk";
