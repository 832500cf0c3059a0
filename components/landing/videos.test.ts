import { describe, expect, it } from "vitest";
import { videoIds } from "@/lib/video-ids";
import {
  aboutVideos,
  galleryIntro,
  landingVideos,
  withVideoIds,
  youtubeEmbedUrl,
  youtubeSearchUrl,
  type Video,
} from "./videos";

const card: Omit<Video, "youtubeId"> = {
  key: "raceMorning",
  title: "Race morning",
  caption: "Swim start",
  topic: "Noosa Triathlon swim start",
  tone: "ocean",
};

describe("video config", () => {
  it("ships no video id: every card links to a search until the club adds checked ids", () => {
    expect(videoIds).toEqual({});
    for (const video of [...landingVideos, ...aboutVideos]) {
      expect(video.youtubeId, video.key).toBeUndefined();
      expect(video.topic, video.key).toMatch(/^Noosa /);
    }
    expect(landingVideos.map((v) => v.topic)).toContain("Noosa Triathlon swim start");
  });

  it("uses an id that looks like a YouTube id and ignores anything else", () => {
    expect(withVideoIds([card], { raceMorning: " abcdEFGH_-1 " })[0]?.youtubeId).toBe("abcdEFGH_-1");
    for (const bad of ["", "short", "abcdEFGH_-12", "abc/EFGH_-1", "https://youtu.be/abcdEFGH_-1"])
      expect(withVideoIds([card], { raceMorning: bad })[0]?.youtubeId, bad).toBeUndefined();
    expect(withVideoIds([card], { bikeCourse: "abcdEFGH_-1" })[0]?.youtubeId).toBeUndefined();
  });
});

describe("YouTube addresses", () => {
  it("searches for the card's topic", () => {
    expect(youtubeSearchUrl("Noosa Triathlon swim start")).toBe(
      "https://www.youtube.com/results?search_query=Noosa+Triathlon+swim+start",
    );
    expect(new URL(youtubeSearchUrl("swim & bike #1")).searchParams.get("search_query")).toBe(
      "swim & bike #1",
    );
  });

  it("embeds through youtube-nocookie.com, started by the click", () => {
    expect(youtubeEmbedUrl("abcdEFGH_-1")).toBe(
      "https://www.youtube-nocookie.com/embed/abcdEFGH_-1?autoplay=1&rel=0",
    );
  });

  it("says in the intro what the cards do", () => {
    const [linked] = withVideoIds([card], {});
    const [embedded] = withVideoIds([card], { raceMorning: "abcdEFGH_-1" });
    expect(galleryIntro([linked!])).toBe("Each card opens YouTube in a new tab.");
    expect(galleryIntro([embedded!])).toBe("Videos load from YouTube only when you press play.");
    expect(galleryIntro([embedded!, linked!])).toMatch(/press play; the others open YouTube/);
  });
});
