import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VideoGallery } from "./video-gallery";
import { withVideoIds, type Video } from "./videos";

const cards: Omit<Video, "youtubeId">[] = [
  {
    key: "raceMorning",
    title: "Race morning",
    caption: "Swim",
    topic: "Noosa Triathlon swim start",
    tone: "ocean",
  },
  {
    key: "bikeCourse",
    title: "Bike course",
    caption: "Bike",
    topic: "Noosa Triathlon bike course",
    tone: "sunset",
  },
];

describe("VideoGallery", () => {
  it("without ids: each card is a YouTube search link opening in a new tab, and nothing is embedded", () => {
    const html = renderToStaticMarkup(<VideoGallery videos={withVideoIds(cards, {})} columns={2} />);
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("<button");
    expect(html.match(/<a /g)).toHaveLength(2);
    expect(html).toContain(
      'href="https://www.youtube.com/results?search_query=Noosa+Triathlon+swim+start" target="_blank" rel="noopener noreferrer"',
    );
    expect(html).toContain("(opens YouTube in a new tab)");
  });

  it("with an id: that card stays the click-to-load play button, the other a link", () => {
    const html = renderToStaticMarkup(
      <VideoGallery videos={withVideoIds(cards, { raceMorning: "abcdEFGH_-1" })} columns={2} />,
    );
    expect(html).not.toContain("<iframe"); // the player loads only on the click
    expect(html.match(/<button type="button"/g)).toHaveLength(1);
    expect(html).toContain('<span class="sr-only">Play video: </span>Race morning');
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toContain("search_query=Noosa+Triathlon+bike+course");
  });
});
