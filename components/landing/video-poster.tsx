import type { ReactNode } from "react";
import type { Video } from "@/components/landing/videos";

const posterTones: Record<Video["tone"], string> = {
  ocean: "from-ocean-900 via-ocean-700 to-ocean-500",
  sunset: "from-ocean-950 via-sunset-700 to-sunset-500",
  reef: "from-ocean-950 via-ocean-800 to-emerald-700",
};

/** Classes of a card's poster: the same look for the play button and the YouTube link. */
export const posterClasses = (tone: Video["tone"]) =>
  `group relative flex aspect-video w-full items-end overflow-hidden rounded-xl bg-gradient-to-br p-4 text-left text-white ${posterTones[tone]}`;

/** The poster's inside: a play mark in the middle and the card's label at the bottom. */
export function PosterContent({ children }: { children: ReactNode }) {
  return (
    <>
      <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 shadow-lg transition-transform group-hover:scale-110 motion-reduce:transition-none">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="#9a3412">
            <path d="M8 5.5v13l11-6.5z" />
          </svg>
        </span>
      </span>
      <span className="relative text-sm font-semibold drop-shadow">{children}</span>
    </>
  );
}
