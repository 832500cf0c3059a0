"use client";

import { useRef, useState } from "react";
import { PosterContent, posterClasses } from "@/components/landing/video-poster";
import { youtubeEmbedUrl, type Video } from "@/components/landing/videos";

/**
 * Click-to-load video: until the visitor presses play this is a styled poster button, so no third-party
 * script, iframe, cookie or image request happens on page load. The player then comes from
 * youtube-nocookie.com (allowed by the CSP frame-src).
 */
export function VideoFacade({ video, youtubeId }: { video: Video; youtubeId: string }) {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  if (playing) {
    return (
      <iframe
        ref={frameRef}
        className="aspect-video w-full rounded-xl bg-black"
        src={youtubeEmbedUrl(youtubeId)}
        title={video.title}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() => frameRef.current?.focus()}
      />
    );
  }

  return (
    <button type="button" onClick={() => setPlaying(true)} className={posterClasses(video.tone)}>
      <PosterContent>
        <span className="sr-only">Play video: </span>
        {video.title}
      </PosterContent>
    </button>
  );
}
