import { VideoFacade } from "@/components/landing/video-facade";
import type { Video } from "@/components/landing/videos";

/** A grid of click-to-load videos with captions. */
export function VideoGallery({ videos, columns = 3 }: { videos: Video[]; columns?: 2 | 3 }) {
  return (
    <ul className={`grid gap-6 ${columns === 3 ? "md:grid-cols-3" : "md:grid-cols-2"}`}>
      {videos.map((video) => (
        <li key={video.id}>
          <figure>
            <VideoFacade video={video} />
            <figcaption className="mt-3 text-sm text-slate-700">{video.caption}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
