"use client";

import { useRef, useState } from "react";
import type { Video } from "@/components/landing/videos";

const posterTones: Record<Video["tone"], string> = {
  ocean: "from-ocean-900 via-ocean-700 to-ocean-500",
  sunset: "from-ocean-950 via-sunset-700 to-sunset-500",
  reef: "from-ocean-950 via-ocean-800 to-emerald-700",
};

/**
 * Click-to-load video: until the visitor presses play this is a styled poster button, so no third-party
 * script, iframe, cookie or image request happens on page load. The player then comes from
 * youtube-nocookie.com (allowed by the CSP frame-src).
 */
export function VideoFacade({ video }: { video: Video }) {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  if (playing) {
    return (
      <iframe
        ref={frameRef}
        className="aspect-video w-full rounded-xl bg-black"
        src={`https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1&rel=0`}
        title={video.title}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() => frameRef.current?.focus()}
      />
    );
  }

  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className={`group relative flex aspect-video w-full items-end overflow-hidden rounded-xl bg-gradient-to-br p-4 text-left text-white ${posterTones[video.tone]}`}
    >
      <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 shadow-lg transition-transform group-hover:scale-110 motion-reduce:transition-none">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="#9a3412">
            <path d="M8 5.5v13l11-6.5z" />
          </svg>
        </span>
      </span>
      <span className="relative text-sm font-semibold drop-shadow">
        <span className="sr-only">Play video: </span>
        {video.title}
      </span>
    </button>
  );
}
