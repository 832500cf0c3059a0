import { PosterContent, posterClasses } from "@/components/landing/video-poster";
import { youtubeSearchUrl, type Video } from "@/components/landing/videos";

/**
 * A card without a verified video id (lib/video-ids.ts): the same poster, linking to a YouTube search
 * for its topic in a new tab. A search always finds current videos; a guessed id can be dead or wrong.
 */
export function VideoSearchLink({ video }: { video: Video }) {
  return (
    <a
      href={youtubeSearchUrl(video.topic)}
      target="_blank"
      rel="noopener noreferrer"
      className={posterClasses(video.tone)}
    >
      <PosterContent>
        <span className="sr-only">Search YouTube for </span>
        {video.title}
        <span className="sr-only"> (opens YouTube in a new tab)</span>
        <span className="mt-1 block text-xs font-medium text-white/90" aria-hidden="true">
          Watch on YouTube ↗
        </span>
      </PosterContent>
    </a>
  );
}
