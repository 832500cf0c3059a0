import { VideoFacade } from "@/components/landing/video-facade";
import { VideoSearchLink } from "@/components/landing/video-search-link";
import type { Video } from "@/components/landing/videos";

/** A grid of video cards with captions: a click-to-load player with an id, else a YouTube search link. */
export function VideoGallery({ videos, columns = 3 }: { videos: Video[]; columns?: 2 | 3 }) {
  return (
    <ul className={`grid gap-6 ${columns === 3 ? "md:grid-cols-3" : "md:grid-cols-2"}`}>
      {videos.map((video) => (
        <li key={video.key}>
          <figure>
            {video.youtubeId ? (
              <VideoFacade video={video} youtubeId={video.youtubeId} />
            ) : (
              <VideoSearchLink video={video} />
            )}
            <figcaption className="mt-3 text-sm text-slate-700">{video.caption}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
